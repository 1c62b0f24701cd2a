import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, type SpotlightActionData, type SpotlightActionGroupData } from '@mantine/spotlight';
import { IconDeviceMobile, IconReceiptOff, IconSearch, IconUser } from '@tabler/icons-react';
import '@mantine/spotlight/styles.css';
import { customerEndpoints, isSearchable } from '../../../contract/customers';
import { devicesEndpoints } from '../../../contract/devices';
import { useApiQuery } from '../../lib/data';
import { useCan } from '../auth';
import type { NavEntry } from '../../app/feature';
import { identifierProblem } from '../../../contract/identifiers';
import { href, paths } from '../../paths';

/** A number typed in full that could be a line's phone, IMEI, SIM or a device id: worth asking the devices list. */
const isIdentifier = (text: string) => /^[\d\s().+-]{4,30}$/.test(text) && /\d{4}/.test(text.replace(/\D/g, ''));

/**
 * Search everywhere (Ctrl+K, ⌘K or /): pages the user may open (the sidebar's and the actions the frame passes),
 * customers by name, id, phone or e-mail, devices by IMEI, SIM, phone or id, and a subscription by its number.
 * Keyboard only; Enter opens the result.
 */
export function CommandPalette({ nav, actions }: { nav: NavEntry[]; actions: NavEntry[] }) {
  const navigate = useNavigate();
  const can = useCan();
  const [query, setQuery] = useState('');
  const [text] = useDebouncedValue(query.trim(), 200);

  const customers = useApiQuery(
    customerEndpoints.search,
    { query: { q: text } },
    { enabled: isSearchable(text) && can('members.lookup') && can('customers.view') },
  );
  const devices = useApiQuery(
    devicesEndpoints.list,
    { query: { q: text } },
    { enabled: isIdentifier(text) && can('devices.view') },
  );

  const go = (to: string) => () => navigate(to);
  const pages: SpotlightActionData[] = [...nav, ...actions]
    .filter((entry) => can(entry.permission))
    .map((entry) => ({
      id: `page-${entry.href}`,
      label: entry.label,
      description: nav.includes(entry) ? 'Page' : 'Action',
      leftSection: <entry.icon size={18} stroke={1.6} />,
      onClick: go(entry.href),
    }));
  const groups: SpotlightActionGroupData[] = [];
  const found = (group: string, items: SpotlightActionData[]) => items.length && groups.push({ group, actions: items });
  if (/^\d{1,9}$/.test(text) && can('subscriptions.view'))
    found('Subscriptions', [
      {
        id: `subscription-${text}`,
        label: `Subscription #${text}`,
        leftSection: <IconReceiptOff size={18} stroke={1.6} />,
        onClick: go(href(paths.subscription, { id: Number(text) })),
      },
    ]);
  found(
    'Customers',
    (customers.data ?? []).map((c) => ({
      id: `customer-${c.id}`,
      label: c.name,
      description: `Customer #${c.id}`,
      leftSection: <IconUser size={18} stroke={1.6} />,
      onClick: go(href(paths.customer, { id: c.id })),
    })),
  );
  found(
    'Devices',
    // The first eight of the smallest page a list offers.
    (devices.data?.rows ?? []).slice(0, 8).map((d) => ({
      id: `device-${d.id}`,
      label: [d.model ?? 'Device', d.imei].filter(Boolean).join(' · '),
      description: [`Device #${d.id}`, d.phone, d.customer?.name].filter(Boolean).join(' · '),
      leftSection: <IconDeviceMobile size={18} stroke={1.6} />,
      onClick: go(href(paths.device, { id: d.id })),
    })),
  );
  // Page names are matched as the user types; server results follow the debounced text.
  const typed = query.trim().toLowerCase();
  const matching = pages.filter((p) => (p.label ?? '').toLowerCase().includes(typed));
  if (matching.length) groups.unshift({ group: 'Pages', actions: matching });
  const searching = customers.isFetching || devices.isFetching;
  // A whole IMEI or SIM number with a wrong check digit was mistyped: said when nothing matches it.
  const problem = identifierProblem(text);

  return (
    <Spotlight
      actions={groups}
      query={query}
      onQueryChange={setQuery}
      // The server already matched its results; only the page names are filtered here, above.
      filter={(_, actions) => actions}
      shortcut={['mod + K', '/']}
      nothingFound={searching ? 'Searching…' : (problem ?? 'Nothing found')}
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch size={18} stroke={1.6} />,
        placeholder: 'Search pages, customers, devices, subscriptions…',
        'aria-label': 'Search everywhere',
      }}
    />
  );
}
