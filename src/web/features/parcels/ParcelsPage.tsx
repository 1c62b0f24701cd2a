import { Button, SegmentedControl } from '@mantine/core';
import { IconBox, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  DIRECTION_LABELS,
  PARCEL_DIRECTIONS,
  parcelEndpoints,
  type Parcel,
  type ParcelDirection,
  type ParcelListQuery,
} from '../../../contract/parcels';
import { ListPage, pageQueryProps, useFilterParams, useUrlPager, type Column, formatDateTime } from '../../ui';
import { SavedViewsMenu } from '../saved-views';
import { href, paths } from '../../paths';
import { PermittedLink, useCan } from '../auth';
import { useParcels } from './api';

const columns: Column<Parcel>[] = [
  {
    key: 'createdAt',
    header: 'Entered',
    nowrap: true,
    sortable: 'desc',
    card: 'title',
    render: (p) => formatDateTime(p.createdAt),
  },
  {
    key: 'customer',
    header: 'Customer',
    render: (p) =>
      p.customer ? (
        <PermittedLink permission="customers.view" to={href(paths.customer, { id: p.customer.id })}>
          {p.customer.name}
        </PermittedLink>
      ) : (
        '—'
      ),
  },
  { key: 'direction', header: 'Direction', nowrap: true, render: (p) => DIRECTION_LABELS[p.direction] },
  { key: 'item', header: 'Carries', nowrap: true, render: (p) => p.item ?? '—' },
  { key: 'containerName', header: 'Container', render: (p) => p.containerName ?? 'Custom' },
  { key: 'size', header: 'L × W × H (in)', nowrap: true, render: (p) => `${p.length} × ${p.width} × ${p.height}` },
  { key: 'weight', header: 'Weight (oz)', align: 'right', numeric: true, sortable: 'desc', render: (p) => p.weight },
  { key: 'createdBy', header: 'By', render: (p) => p.createdBy ?? '—' },
];

export function ParcelsPage() {
  const pager = useUrlPager<ParcelListQuery['sort']>('-createdAt');
  const params = useFilterParams();
  const direction = (PARCEL_DIRECTIONS as readonly string[]).includes(params.get('direction'))
    ? (params.get('direction') as ParcelDirection)
    : 'all';
  const list = useParcels({ ...pager.request, ...(direction === 'all' ? {} : { direction }) });
  const can = useCan();
  return (
    <ListPage
      title="Parcels"
      views={<SavedViewsMenu list="parcels" />}
      exportTo={{
        endpoint: parcelEndpoints.export,
        query: { sort: pager.request.sort, ...(direction === 'all' ? {} : { direction }) },
      }}
      actions={
        <>
          <Button component={Link} to={paths.parcelContainers} variant="default" leftSection={<IconBox size={16} />}>
            Containers
          </Button>
          {can('parcels.manage') && (
            <Button component={Link} to={paths.parcelCreate} leftSection={<IconPlus size={16} />}>
              Enter parcel
            </Button>
          )}
        </>
      }
      filters={
        <SegmentedControl
          aria-label="Direction"
          w="fit-content"
          value={direction}
          onChange={(value) => params.set({ direction: value === 'all' ? '' : value })}
          data={[
            { value: 'all', label: 'All' },
            ...PARCEL_DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_LABELS[d] })),
          ]}
        />
      }
      table={{
        caption: 'Parcels',
        columns,
        ...pageQueryProps(list),
        ...pager.props,
        minWidth: 860,
        empty: 'No parcels entered yet.',
      }}
    />
  );
}
