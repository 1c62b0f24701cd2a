import type { ReactNode } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CARRIERS } from '../../../contract/business';
import type { Column } from '../../ui';
import { href, paths } from '../../paths';
import { formatPhone } from './phone';

interface ListedRow {
  subscriptionId: number;
  customer: { id: number; name: string };
  carrierId: number;
  phone: string | null;
  imei: string | null;
}

export const carrierName = (id: number) => CARRIERS.find((c) => c.id === id)?.name ?? `Carrier ${id}`;

/**
 * Columns both reason lists start with: the subscription with its customer, the reason picker, carrier and
 * line. On a phone the picker sits under the customer, so it is on screen without scrolling sideways.
 */
export function queueColumns<T>(
  view: (row: T) => ListedRow,
  picker: (row: T) => ReactNode,
  narrow: boolean,
): Column<T>[] {
  const subscription: Column<T> = {
    key: 'subscription',
    header: narrow ? 'Subscription and reason' : 'Subscription',
    card: 'title',
    width: narrow ? undefined : 190,
    render: (row) => {
      const r = view(row);
      return (
        <Stack gap={2}>
          <Text size="sm">
            <Anchor component={Link} to={href(paths.subscription, { id: r.subscriptionId })} fw={600} inherit>
              #{r.subscriptionId}
            </Anchor>{' '}
            {r.customer.name}
          </Text>
          <Text size="xs" c="dimmed">
            Customer {r.customer.id}
          </Text>
          {narrow && picker(row)}
        </Stack>
      );
    },
  };
  return [
    subscription,
    ...(narrow ? [] : [{ key: 'reason', header: 'Cancellation reason', width: 230, render: picker }]),
    { key: 'carrier', header: 'Carrier', nowrap: true, render: (row) => carrierName(view(row).carrierId) },
    {
      key: 'line',
      header: 'Phone / IMEI',
      numeric: true,
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
