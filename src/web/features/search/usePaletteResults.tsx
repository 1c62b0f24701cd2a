import { useNavigate } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceMobile, IconReceiptOff, IconUser } from '@tabler/icons-react';
import {
  CUSTOMER_SEARCH_MAX_CHARS,
  customerEndpoints,
  isCustomerIdSearch,
  isSearchable,
} from '../../../contract/customers';
import { devicesEndpoints } from '../../../contract/devices';
import { subscriptionEndpoints } from '../../../contract/subscriptions';
import { MAX_INT4, unstorableText } from '../../../contract/primitives';
import { identifierProblem } from '../../../contract/identifiers';
import { useApiQuery } from '../../lib/data';
import { useCan } from '../auth';
import type { NavEntry } from '../../app/feature';
import { href, paths } from '../../paths';
import { commandPalette } from './palette-opened';
import type { ResultGroup, ResultOption } from './ResultsCombobox';

/** Devices offered for a number: the first of the list's page (the smallest a list answers is 25). */
const DEVICES_SHOWN = 8;

/** A number typed in full that could be a line's phone, IMEI, SIM or a device id: worth asking the devices list. */
const isIdentifier = (text: string) => /^[\d\s().+-]{4,30}$/.test(text) && /\d{4}/.test(text.replace(/\D/g, ''));

/** The subscription a text of digits alone would be, if any could. */
const subscriptionNumber = (text: string) =>
  /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_INT4 ? Number(text) : undefined;

/** A text the customer search takes: one it would refuse (too long, a NUL) matches no customer either. */
const isCustomerText = (text: string) =>
  (isSearchable(text) || isCustomerIdSearch(text)) &&
  text.length <= CUSTOMER_SEARCH_MAX_CHARS &&
  unstorableText(text) === null;

/**
 * What the palette offers for a text: pages and actions whose name holds it (as it is typed), then, for the text
 * once typing pauses, the subscription with that number if the server found one, customers (by name, id, "#id",
 * phone or any part of an e-mail address) and devices (by IMEI, SIM, phone or id). Each is asked only for a role
 * that may open it, and only records that exist are offered. `empty` says why nothing is.
 */
export function usePaletteResults(query: string, entries: { nav: NavEntry[]; actions: NavEntry[] }, opened: boolean) {
  const navigate = useNavigate();
  const can = useCan();
  const [text] = useDebouncedValue(query.trim(), 200);

  const number = subscriptionNumber(text);
  const subscription = useApiQuery(
    subscriptionEndpoints.lookup,
    { query: { id: number ?? 0 } },
    { enabled: opened && number !== undefined && can('subscriptions.view') },
  );
  const customers = useApiQuery(
    customerEndpoints.search,
    { query: { q: text } },
    {
      enabled: opened && isCustomerText(text) && can('members.lookup') && can('customers.view'),
    },
  );
  const devices = useApiQuery(
    devicesEndpoints.list,
    { query: { q: text } },
    { enabled: opened && isIdentifier(text) && can('devices.view') },
  );

  const go = (to: string) => () => {
    commandPalette.close();
    void navigate(to);
  };
  const typed = query.trim().toLowerCase();
  const pages: ResultOption[] = [...entries.nav, ...entries.actions]
    .filter((entry) => can(entry.permission) && entry.label.toLowerCase().includes(typed))
    .map((entry) => ({
      key: `page-${entry.href}`,
      label: entry.label,
      description: entries.nav.includes(entry) ? 'Page' : 'Action',
      icon: <entry.icon size={18} stroke={1.6} />,
      onChoose: go(entry.href),
    }));
  const groups: ResultGroup[] = [
    { label: 'Pages', options: pages },
    {
      label: 'Subscriptions',
      options: (subscription.data ?? []).map((s) => ({
        key: `subscription-${s.id}`,
        label: `Subscription #${s.id}`,
        description: `${s.customer.name} · ${s.status === 'active' ? 'Active' : 'Cancelled'}`,
        icon: <IconReceiptOff size={18} stroke={1.6} />,
        onChoose: go(href(paths.subscription, { id: s.id })),
      })),
    },
    {
      label: 'Customers',
      options: (customers.data ?? []).map((c) => ({
        key: `customer-${c.id}`,
        label: c.name,
        description: `Customer #${c.id}`,
        icon: <IconUser size={18} stroke={1.6} />,
        onChoose: go(href(paths.customer, { id: c.id })),
      })),
    },
    {
      label: 'Devices',
      options: (devices.data?.rows ?? []).slice(0, DEVICES_SHOWN).map((d) => ({
        key: `device-${d.id}`,
        label: [d.model ?? 'Device', d.imei].filter(Boolean).join(' · '),
        description: [`Device #${d.id}`, d.phone, d.customer?.name].filter(Boolean).join(' · '),
        icon: <IconDeviceMobile size={18} stroke={1.6} />,
        onChoose: go(href(paths.device, { id: d.id })),
      })),
    },
  ];
  const searching = query.trim() !== text || subscription.isFetching || customers.isFetching || devices.isFetching;
  // A whole IMEI or SIM number with a wrong check digit was mistyped: said when nothing matches it.
  const empty = searching ? 'Searching…' : (identifierProblem(text) ?? 'Nothing found');
  return { groups, empty };
}
