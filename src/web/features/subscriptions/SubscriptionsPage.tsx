import { Badge } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  subscriptionEndpoints,
  subscriptionStatus,
  type SubscriptionFilters,
  type SubscriptionRow,
} from '../../../contract/subscriptions';
import { readSort } from '../../../contract/pagination';
import { api } from '../../lib/api';
import { type Column, formatDate } from '../../ui';
import { useReasonQueue } from '../cancellation-reasons';
import { useSubscriptions } from './api';
import { queueColumns } from './columns';
import { useListParams } from './ListFilters';
import { ReasonListPage } from './ReasonListPage';

export function SubscriptionsPage() {
  const params = useListParams<SubscriptionFilters['sort']>('status', '-orderedAt');
  const { filters, query: shared } = params;
  // A status the list does not know (a hand-edited address) filters nothing, as the empty select shows.
  const query = {
    ...shared,
    status: subscriptionStatus.safeParse(filters.extra).data,
    // The needs-a-reason queue is read by cancellation date, newest first.
    sort: filters.needsReason ? undefined : shared.sort,
  };
  const list = useSubscriptions(query);
  // An active subscription has no cancellation date to be placed by: the server lists only those with one.
  const byCancellation = !filters.needsReason && readSort(shared.sort).column === 'cancelledAt';
  const queue = useReasonQueue<SubscriptionRow>({
    list: { endpoint: subscriptionEndpoints.list, query },
    removeOnSave: filters.needsReason,
    save: (row, body) => api(subscriptionEndpoints.setReason, { params: { subscriptionId: row.id }, body }),
    writes: subscriptionEndpoints.setReason,
    record: 'subscription',
  });

  // An active subscription has no cancellation to give a reason for (unless one was recorded before it was reactivated).
  const reasonCell = (row: SubscriptionRow) =>
    row.status === 'cancelled' || row.cancellationReasonId ? queue.renderPicker(row) : null;
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const columns: Column<SubscriptionRow>[] = [
    ...queueColumns<SubscriptionRow>((r) => ({ ...r, subscriptionId: r.id }), reasonCell, narrow),
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (r) => (
        <Badge variant="light" color={r.status === 'active' ? 'green' : 'gray'}>
          {r.status === 'active' ? 'Active' : 'Cancelled'}
        </Badge>
      ),
    },
    {
      key: 'orderedAt',
      header: 'Ordered',
      nowrap: true,
      sortable: filters.needsReason ? undefined : 'desc',
      render: (r) => formatDate(r.orderedAt),
    },
    {
      key: 'cancelledAt',
      header: 'Cancelled',
      nowrap: true,
      sortable: filters.needsReason ? undefined : 'desc',
      render: (r) => formatDate(r.cancelledAt) || '—',
    },
  ];

  return (
    <ReasonListPage
      title="Subscriptions"
      views="subscriptions"
      queueDescription="Cancelled subscriptions that still need a cancellation reason, newest first."
      description={byCancellation ? 'Sorted by cancellation date: only cancelled subscriptions are listed.' : undefined}
      exportEndpoint={subscriptionEndpoints.export}
      query={query}
      params={params}
      filterFields={{
        extraName: 'status',
        extraLabel: 'Status',
        extraOptions: [
          { value: 'active', label: 'Active' },
          { value: 'cancelled', label: 'Cancelled' },
        ],
        dateLabel: 'Ordered',
      }}
      columns={columns}
      list={list}
      narrow={narrow}
      allRecorded="Every cancelled subscription has a reason."
      noMatch="No subscriptions match these filters."
    >
      {queue.reasonsAlert}
    </ReasonListPage>
  );
}
