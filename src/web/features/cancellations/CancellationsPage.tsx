import { Badge } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useMediaQuery } from '@mantine/hooks';
import {
  cancellationEndpoints,
  cancellationType,
  type CancellationFilters,
  type CancellationRow,
} from '../../../contract/subscriptions';
import { api } from '../../lib/api';
import { BulkBar, useRowSelection, type Column, formatDate } from '../../ui';
import { useReasonQueue } from '../cancellation-reasons';
import { queueColumns, ReasonListPage, useListParams } from '../subscriptions';
import { useCancellations } from './api';
import { BulkReason } from './BulkReason';
import { OpenedFilterChips } from './OpenedFilterChips';
import { useCan } from '../auth';

const typeColumn: Column<CancellationRow> = {
  key: 'type',
  header: 'Type',
  nowrap: true,
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
};

/** The filters a bar of the dashboard opens the list with, read from the address. */
function useOpenedFilters() {
  const [params] = useSearchParams();
  return {
    reasonId: params.get('reasonId') ?? '',
    returnReasonId: params.get('returnReasonId') ?? '',
    productId: params.get('productId') ?? '',
    latestDevices: params.get('latestDevices') ?? '',
  };
}

export function CancellationsPage() {
  const params = useListParams<CancellationFilters['sort']>('type', '-cancelledAt');
  const { filters, set, query: shared } = params;
  const opened = useOpenedFilters();
  const query = {
    ...shared,
    // A type the list does not know (a hand-edited address) filters nothing, as the empty select shows.
    type: cancellationType.safeParse(filters.extra).data,
    reasonId: opened.reasonId || undefined,
    returnReasonId: opened.returnReasonId || undefined,
    productId: opened.productId || undefined,
    latestDevices: opened.latestDevices || undefined,
  };
  const list = useCancellations(query);
  const queue = useReasonQueue<CancellationRow>({
    list: { endpoint: cancellationEndpoints.list, query },
    removeOnSave: filters.needsReason,
    save: (row, body) => api(cancellationEndpoints.setReason, { params: { cancellationId: row.id }, body }),
    writes: cancellationEndpoints.setReason,
    record: 'subscription_cancellation',
  });

  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const selection = useRowSelection(list.data?.rows, (r) => `cancellation ${r.id}`);
  const bulk = useCan()('subscriptions.manage');
  const columns: Column<CancellationRow>[] = [
    ...(bulk ? [selection.column] : []),
    ...queueColumns<CancellationRow>((r) => r, queue.renderPicker, narrow),
    typeColumn,
    { key: 'orderedAt', header: 'Ordered', nowrap: true, render: (r) => formatDate(r.orderedAt) },
    {
      key: 'cancelledAt',
      header: 'Cancelled',
      nowrap: true,
      sortable: 'desc',
      render: (r) => formatDate(r.cancelledAt),
    },
  ];

  return (
    <ReasonListPage
      title="Cancellations"
      views="cancellations"
      queueDescription="Cancellations that still need a reason, newest first."
      exportEndpoint={cancellationEndpoints.export}
      query={query}
      params={params}
      filterFields={{
        extraName: 'type',
        extraLabel: 'Type',
        extraOptions: [
          { value: 'return', label: '21-day returns' },
          { value: 'cancellation', label: 'Cancellations' },
        ],
        dateLabel: 'Cancelled',
      }}
      columns={columns}
      list={list}
      narrow={narrow}
      allRecorded="Every cancellation has a reason."
      noMatch="No cancellations match these filters."
    >
      <OpenedFilterChips filters={opened} set={set} />
      {queue.reasonsAlert}
      {bulk && (
        <BulkBar count={selection.selected.length} onClear={() => selection.keep()}>
          <BulkReason rows={selection.selected} onDone={selection.keep} />
        </BulkBar>
      )}
    </ReasonListPage>
  );
}
