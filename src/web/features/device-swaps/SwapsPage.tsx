import { Anchor, Button, Group, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { deviceSwapEndpoints, type DeviceSwapFilters, type DeviceSwapRow } from '../../../contract/device-swaps';
import {
  DataTable,
  DateField,
  ExportButton,
  FilterChip,
  FIRST_PAGE,
  formatDateTime,
  pageQueryProps,
  PageHeader,
  useParamsUpdate,
  useUrlPager,
  type Column,
} from '../../ui';
import { href, paths } from '../../paths';
import { useCan } from '../auth';
import { CustomerLink } from '../devices';
import { SavedViewsMenu } from '../saved-views';
import { useSupplierNames } from '../suppliers';
import { useDeviceSwaps } from './api';

const PER_PAGE = 25;
/** Two date fields a row on a phone, a fixed width from 576 px. */
const HALF = { base: 'calc(50% - 6px)', xs: 170 };

const deviceLink = (id: number | null) =>
  id === null ? (
    '—'
  ) : (
    <Anchor component={Link} to={href(paths.device, { id })} size="sm">
      Device #{id}
    </Anchor>
  );

const columns: Column<DeviceSwapRow>[] = [
  { key: 'swappedAt', header: 'Swapped', sortable: 'desc', render: (s) => formatDateTime(s.swappedAt) },
  { key: 'deviceId', header: 'Old device', render: (s) => deviceLink(s.deviceId) },
  { key: 'newDeviceId', header: 'New device', render: (s) => deviceLink(s.newDeviceId) },
  { key: 'supplier', header: 'Supplier', render: (s) => s.supplier?.name ?? '—' },
  { key: 'customer', header: 'Customer', render: (s) => <CustomerLink customer={s.customer} /> },
];

/** Device swaps, newest first: one supplier's and a range of days, as a point of the swaps chart opens them. */
export function SwapsPage() {
  const [params] = useSearchParams();
  const supplierId = params.get('supplierId') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const pager = useUrlPager<DeviceSwapFilters['sort']>('-swappedAt');
  const filters = { supplierId: supplierId || undefined, from: from || undefined, to: to || undefined };
  const list = useDeviceSwaps({ ...filters, ...pager.request, perPage: PER_PAGE });
  const can = useCan();
  // The chip names the supplier; a role that may not read suppliers sees its id instead.
  const suppliers = useSupplierNames({ enabled: !!supplierId && can('suppliers.view') });
  const supplierName = suppliers.data?.find((s) => s.id === Number(supplierId))?.name ?? `Supplier ${supplierId}`;

  const updateParams = useParamsUpdate();
  const update = (changes: Record<string, string | null>) => updateParams({ ...FIRST_PAGE, ...changes });

  return (
    <Stack>
      <PageHeader
        title="Device swaps"
        description="Devices replaced for customers, newest first."
        actions={
          <>
            <SavedViewsMenu list="device-swaps" />
            <ExportButton
              endpoint={deviceSwapEndpoints.export}
              query={{ ...filters, sort: pager.request.sort }}
              total={list.data?.total}
              estimated={list.data?.estimated}
            />
          </>
        }
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DateField
          label="Swapped from"
          value={from || null}
          maxDate={to || undefined}
          onChange={(value) => update({ from: value })}
          w={HALF}
        />
        <DateField
          label="Swapped to"
          value={to || null}
          minDate={from || undefined}
          onChange={(value) => update({ to: value })}
          w={HALF}
        />
        {(from || to || supplierId) && (
          <Button
            variant="subtle"
            size="compact-sm"
            mb={6}
            onClick={() => update({ supplierId: null, from: null, to: null })}
          >
            Reset filters
          </Button>
        )}
      </Group>
      {supplierId && (
        <FilterChip
          label="Supplier"
          value={supplierName}
          clearLabel="Show every supplier"
          onClear={() => update({ supplierId: null })}
        />
      )}
      <DataTable
        caption="Device swaps"
        columns={columns}
        {...pageQueryProps(list)}
        {...pager.props}
        perPage={PER_PAGE}
        empty={supplierId || from || to ? 'No device swap matches these filters.' : 'There are no device swaps yet.'}
        minWidth={760}
      />
    </Stack>
  );
}
