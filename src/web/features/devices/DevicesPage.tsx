import { Anchor, Badge, Button, Group, Select, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ListPage, pageQueryProps, useFilterParams, useUrlPager, SearchInput, type Column } from '../../ui';
import { SavedViewsMenu } from '../saved-views';
import { href, paths } from '../../paths';
import { devicesEndpoints, type DeviceListQuery, type DeviceRow } from '../../../contract/devices';
import { useDeviceOptions, useDevices } from './api';
import { statusColor } from './status';
import { CustomerLink } from './CustomerLink';

const columns: Column<DeviceRow>[] = [
  {
    key: 'id',
    header: 'Device',
    sortable: 'desc',
    card: 'title',
    render: (d) => (
      <Anchor component={Link} to={href(paths.device, { id: d.id })} fw={600}>
        {d.id}
      </Anchor>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    nowrap: true,
    render: (d) => (
      <Group gap={4} wrap="nowrap">
        <Badge color={statusColor(d.status.id)} variant="light">
          {d.status.description}
        </Badge>
        {d.lineDeleted && (
          <Badge color="red" variant="outline">
            Line deleted
          </Badge>
        )}
      </Group>
    ),
  },
  {
    key: 'model',
    header: 'Phone',
    render: (d) =>
      d.model ?? (
        <Text c="dimmed" size="sm">
          SIM Only
        </Text>
      ),
  },
  { key: 'imei', header: 'IMEI', numeric: true, render: (d) => d.imei ?? '—' },
  { key: 'sim', header: 'SIM', numeric: true },
  { key: 'phone', header: 'Phone number', numeric: true, render: (d) => d.phone ?? '—' },
  { key: 'customer', header: 'Customer', render: (d) => <CustomerLink customer={d.customer} /> },
];

/** Devices: search by IMEI, SIM, phone or id; filter by status and product; newest first. */
export function DevicesPage() {
  const params = useFilterParams();
  const q = params.get('q');
  const status = params.get('status');
  const productId = params.get('productId');
  const pager = useUrlPager<DeviceListQuery['sort']>('-id');
  const options = useDeviceOptions();
  const filters = { q: q || undefined, status: status || undefined, productId: productId || undefined };
  const list = useDevices({ ...filters, ...pager.request });

  return (
    <ListPage
      title="Devices"
      description="Lines with their phones. Open a device to act on it."
      views={<SavedViewsMenu list="devices" />}
      exportTo={{ endpoint: devicesEndpoints.export, query: { ...filters, sort: pager.request.sort } }}
      actions={
        <Button component={Link} to={paths.deviceSwaps} variant="default">
          Device swaps
        </Button>
      }
      filters={
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SearchInput
            label="Search"
            placeholder="Whole IMEI, SIM, phone number or device id"
            value={q}
            onChange={(value) => params.set({ q: value.trim() })}
            style={{ flex: '1 1 260px' }}
          />
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            data={(options.data?.statuses ?? []).map((s) => ({ value: String(s.id), label: s.description }))}
            value={status || null}
            onChange={(value) => params.set({ status: value })}
            style={{ flex: '1 1 180px' }}
          />
          <Select
            label="Product"
            placeholder="Any product"
            clearable
            searchable
            data={(options.data?.products ?? []).map((p) => ({ value: String(p.id), label: p.model }))}
            value={productId || null}
            onChange={(value) => params.set({ productId: value })}
            style={{ flex: '1 1 220px' }}
          />
        </Group>
      }
      table={{
        caption: 'Devices',
        columns,
        ...pageQueryProps(list),
        ...pager.props,
        empty: q || status || productId ? 'No device matches these filters.' : 'There are no devices yet.',
        minWidth: 900,
      }}
    />
  );
}
