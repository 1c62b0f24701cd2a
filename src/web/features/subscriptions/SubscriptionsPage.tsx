import { Badge } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { subscriptionUrls, type SubscriptionRow } from '../../../contract/subscriptions';
import { DataTable, PageHeader, type Column } from '../../ui';
import { formatDate } from '../../ui/dates';
import { useReasonQueue } from '../cancellation-reasons/useReasonQueue';
import { cancellationKeys } from '../cancellations/api';
import { subscriptionKeys, useSubscriptions } from './api';
import { auditKeys } from '../../ui';
import { queueColumns } from './columns';
import { ListFilters, PER_PAGE, useClampPage, useListParams } from './ListFilters';

export function SubscriptionsPage() {
  const { filters, set, query } = useListParams('status');
  const list = useSubscriptions(query);
  const queue = useReasonQueue<SubscriptionRow>({
    listKey: subscriptionKeys.list(query),
    removeOnSave: filters.needsReason,
    url: subscriptionUrls.update,
    invalidate: [subscriptionKeys.all, cancellationKeys.all, auditKeys.all],
    label: (row) => `Cancellation reason for subscription ${row.id}`,
  });

  useClampPage(filters.page, list.data, set);
  // An active subscription has no cancellation to give a reason for (unless one was recorded before it was reactivated).
  const reasonCell = (row: SubscriptionRow) =>
    row.status === 'cancelled' || row.cancellationReasonId ? queue.renderPicker(row) : null;
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const columns: Column<SubscriptionRow>[] = [
    ...queueColumns<SubscriptionRow>((r) => ({ ...r, subscriptionId: r.id }), reasonCell, narrow),
    {
      key: 'status',
      header: 'Status',
      render: (r) => (
        <Badge variant="light" color={r.status === 'active' ? 'green' : 'gray'}>
          {r.status === 'active' ? 'Active' : 'Cancelled'}
        </Badge>
      ),
    },
    { key: 'orderedAt', header: 'Ordered', render: (r) => formatDate(r.orderedAt) },
    { key: 'cancelledAt', header: 'Cancelled', render: (r) => formatDate(r.cancelledAt) || '—' },
  ];

  return (
    <>
      <PageHeader
        title="Subscriptions"
        description={
          filters.needsReason
            ? 'Cancelled subscriptions that still need a cancellation reason, newest first.'
            : undefined
        }
      />
      <ListFilters
        filters={filters}
        set={set}
        extraName="status"
        extraLabel="Status"
        extraOptions={[
          { value: 'active', label: 'Active' },
          { value: 'cancelled', label: 'Cancelled' },
        ]}
        dateLabel="Ordered"
      />
      {queue.reasonsAlert}
      <DataTable
        caption="Subscriptions"
        columns={columns}
        rows={list.data?.rows}
        loading={list.isPending || list.isPlaceholderData}
        error={list.error}
        onRetry={() => list.refetch()}
        total={list.data?.total}
        page={filters.page}
        perPage={PER_PAGE}
        onPageChange={(page) => set({ page })}
        minWidth={narrow ? 640 : 900}
        empty={
          filters.needsReason && !filters.q
            ? 'Every cancelled subscription has a reason.'
            : 'No subscriptions match these filters.'
        }
      />
    </>
  );
}
