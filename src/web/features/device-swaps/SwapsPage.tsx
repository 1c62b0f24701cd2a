import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { deviceSwapEndpoints, type DeviceSwapFilters, type DeviceSwapRow } from '../../../contract/device-swaps';
import {
  DateRangeFields,
  FilterBar,
  FilterChip,
  formatDateTime,
  ListPage,
  pageQueryProps,
  useFilterParams,
  useUrlPager,
  type Column,
} from '../../ui';
import { href, paths } from '../../paths';
import { useCan } from '../auth';
import { CustomerLink } from '../devices';
import { SavedViewsMenu } from '../saved-views';
import { useSupplierNames } from '../suppliers';
import { useDeviceSwaps } from './api';
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
  {
    key: 'swappedAt',
    header: 'Swapped',
    nowrap: true,
    sortable: 'desc',
    card: 'title',
    render: (s) => formatDateTime(s.swappedAt),
  },
  { key: 'deviceId', header: 'Old device', render: (s) => deviceLink(s.deviceId) },
  { key: 'newDeviceId', header: 'New device', render: (s) => deviceLink(s.newDeviceId) },
  { key: 'supplier', header: 'Supplier', render: (s) => s.supplier?.name ?? '—' },
  { key: 'customer', header: 'Customer', render: (s) => <CustomerLink customer={s.customer} /> },
];

/** Device swaps, newest first: one supplier's and a range of days, as a point of the swaps chart opens them. */
export function SwapsPage() {
  const params = useFilterParams();
  const supplierId = params.get('supplierId');
  const from = params.get('from');
  const to = params.get('to');
  const filtered = !!(supplierId || from || to);
  const pager = useUrlPager<DeviceSwapFilters['sort']>('-swappedAt');
  const filters = { supplierId: supplierId || undefined, from: from || undefined, to: to || undefined };
  const list = useDeviceSwaps({ ...filters, ...pager.request });
  const can = useCan();
  // The chip names the supplier; a role that may not read suppliers sees its id instead.
  const suppliers = useSupplierNames({ enabled: !!supplierId && can('suppliers.view') });
  const supplierName = suppliers.data?.find((s) => s.id === Number(supplierId))?.name ?? `Supplier ${supplierId}`;

  return (
    <ListPage
      title="Device swaps"
      description="Devices replaced for customers, newest first."
      views={<SavedViewsMenu list="device-swaps" />}
      exportTo={{ endpoint: deviceSwapEndpoints.export, query: { ...filters, sort: pager.request.sort } }}
      filters={
        <FilterBar filtered={filtered} onReset={() => params.set({ supplierId: null, from: null, to: null })}>
          <DateRangeFields labels={['Swapped from', 'Swapped to']} from={from} to={to} onChange={params.set} w={HALF} />
        </FilterBar>
      }
      table={{
        caption: 'Device swaps',
        columns,
        ...pageQueryProps(list),
        ...pager.props,
        empty: filtered ? 'No device swap matches these filters.' : 'There are no device swaps yet.',
        minWidth: 760,
      }}
    >
      {supplierId && (
        <FilterChip
          label="Supplier"
          value={supplierName}
          pending={suppliers.isLoading}
          clearLabel="Show every supplier"
          onClear={() => params.set({ supplierId: null })}
        />
      )}
    </ListPage>
  );
}
