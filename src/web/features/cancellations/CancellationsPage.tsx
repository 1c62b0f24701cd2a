import { Badge } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useMediaQuery } from '@mantine/hooks';
import { RETURN_REASONS } from '../../../contract/business';
import {
  cancellationEndpoints,
  cancellationType,
  type CancellationFilters,
  type CancellationRow,
} from '../../../contract/subscriptions';
import { api } from '../../lib/api';
import { BulkBar, ExportButton, FilterChip, PageHeader, useRowSelection, type Column, formatDate } from '../../ui';
import { SavedViewsMenu } from '../saved-views';
import { reasonLabel, useCancellationReasons, useReasonQueue } from '../cancellation-reasons';
import { queueColumns } from '../subscriptions';
import { ListFilters, ReasonListTable, useClampPage, useListParams } from '../subscriptions';
import { useCancellations } from './api';
import { BulkReason } from './BulkReason';
import { useCan } from '../auth';
import { useDeviceOptions } from '../devices';

export function CancellationsPage() {
  const { filters, set, query: shared, paging } = useListParams<CancellationFilters['sort']>('type', '-cancelledAt');
  // A type the list does not know (a hand-edited address) filters nothing, as the empty select shows.
  // One reason's, one return reason's or one model's cancellations, as a bar of the dashboard opens them.
  const [params] = useSearchParams();
  const reasonId = params.get('reasonId') ?? '';
  const returnReasonId = params.get('returnReasonId') ?? '';
  const productId = params.get('productId') ?? '';
  const latestDevices = params.get('latestDevices') ?? '';
  const reasons = useCancellationReasons();
  const can = useCan();
  // The chip names the model; a role that may not read the products sees its id instead.
  const products = useDeviceOptions({ enabled: !!productId && can('devices.view') });
  const query = {
    ...shared,
    type: cancellationType.safeParse(filters.extra).data,
    reasonId: reasonId || undefined,
    returnReasonId: returnReasonId || undefined,
    productId: productId || undefined,
    latestDevices: latestDevices || undefined,
  };
  const list = useCancellations(query);
  const queue = useReasonQueue<CancellationRow>({
    list: { endpoint: cancellationEndpoints.list, query },
    removeOnSave: filters.needsReason,
    save: (row, body) => api(cancellationEndpoints.setReason, { params: { cancellationId: row.id }, body }),
    writes: cancellationEndpoints.setReason,
    record: 'subscription_cancellation',
  });

  useClampPage(paging, list.data);
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const selection = useRowSelection(list.data?.rows, (r) => `cancellation ${r.id}`);
  const bulk = can('subscriptions.manage');
  const columns: Column<CancellationRow>[] = [
    ...(bulk ? [selection.column] : []),
    ...queueColumns<CancellationRow>((r) => r, queue.renderPicker, narrow),
    {
      key: 'type',
      header: 'Type',
      render: (r) =>
        r.isReturn ? (
          <Badge variant="light" color="orange">
            21-day return
          </Badge>
        ) : (
          <Badge variant="light" color="gray">
            Cancellation
          </Badge>
        ),
    },
    { key: 'orderedAt', header: 'Ordered', render: (r) => formatDate(r.orderedAt) },
    { key: 'cancelledAt', header: 'Cancelled', sortable: 'desc', render: (r) => formatDate(r.cancelledAt) },
  ];

  return (
    <>
      <PageHeader
        title="Cancellations"
        actions={
          <>
            <SavedViewsMenu list="cancellations" />
            <ExportButton
              endpoint={cancellationEndpoints.export}
              query={query}
              total={list.data?.total}
              estimated={list.data?.estimated}
            />
          </>
        }
        description={filters.needsReason ? 'Cancellations that still need a reason, newest first.' : undefined}
      />
      <ListFilters
        filters={filters}
        set={set}
        extraName="type"
        extraLabel="Type"
        extraOptions={[
          { value: 'return', label: '21-day returns' },
          { value: 'cancellation', label: 'Cancellations' },
        ]}
        dateLabel="Cancelled"
      />
      {reasonId && (
        <FilterChip
          label="Reason"
          value={reasonLabel(reasons.data, Number(reasonId))}
          pending={reasons.isLoading}
          clearLabel="Show every reason"
          onClear={() => set({ reasonId: null })}
        />
      )}
      {returnReasonId && (
        <FilterChip
          label="Return reason"
          value={RETURN_REASONS.find((r) => r.id === Number(returnReasonId))?.name ?? `Return reason ${returnReasonId}`}
          clearLabel="Show every return reason"
          onClear={() => set({ returnReasonId: null })}
        />
      )}
      {productId && (
        <FilterChip
          label="Model"
          value={`${products.data?.products.find((p) => p.id === Number(productId))?.model ?? `Product ${productId}`}, latest ${Number(latestDevices).toLocaleString('en-US')} deployed devices`}
          pending={products.isLoading}
          clearLabel="Show every model"
          onClear={() => set({ productId: null, latestDevices: null })}
        />
      )}
      {queue.reasonsAlert}
      {bulk && (
        <BulkBar count={selection.selected.length} onClear={() => selection.keep()}>
          <BulkReason rows={selection.selected} onDone={selection.keep} />
        </BulkBar>
      )}
      <ReasonListTable
        caption="Cancellations"
        columns={columns}
        list={list}
        filters={filters}
        paging={paging}
        narrow={narrow}
        allRecorded="Every cancellation has a reason."
        noMatch="No cancellations match these filters."
      />
    </>
  );
}
