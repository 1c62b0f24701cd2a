import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CARRIERS } from '../../../contract/business';
import type { Column } from '../../ui';
import { paths } from '../../paths';
import { formatPhone } from './phone';

interface ListedRow {
  subscriptionId: number;
  customer: { id: number; name: string };
  carrierId: number;
  phone: string | null;
  imei: string | null;
}

export const carrierName = (id: number) => CARRIERS.find((c) => c.id === id)?.name ?? `Carrier ${id}`;

/** Columns both reason lists show: the subscription with its customer, carrier, and line. */
export function sharedColumns<T>(view: (row: T) => ListedRow): Column<T>[] {
  return [
    {
      key: 'subscription',
      header: 'Subscription',
      width: 200,
      render: (row) => {
        const r = view(row);
        return (
          <Stack gap={0}>
            <Anchor component={Link} to={paths.subscriptionHref(r.subscriptionId)} size="sm" fw={600}>
              #{r.subscriptionId}
            </Anchor>
            <Text size="sm">{r.customer.name}</Text>
            <Text size="xs" c="dimmed">
              Customer {r.customer.id}
            </Text>
          </Stack>
        );
      },
    },
    { key: 'carrier', header: 'Carrier', render: (row) => carrierName(view(row).carrierId) },
    {
      key: 'line',
      header: 'Phone / IMEI',
      render: (row) => {
        const r = view(row);
        return (
          <Stack gap={0}>
            <Text size="sm">{formatPhone(r.phone)}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {r.imei ?? 'SIM Only'}
            </Text>
          </Stack>
        );
      },
    },
  ];
}
