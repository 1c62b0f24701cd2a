import type { Tx } from '../../db/types';
import type { CsvColumn } from '../../http/csv';
import { CARRIERS } from '../../../contract/business';
import type { CancellationRow, SubscriptionRow } from '../../../contract/subscriptions';
import { listReasons } from '../cancellation-reasons';

const carrierName = (id: number) => CARRIERS.find((c) => c.id === id)?.name ?? String(id);

/** Names in place of ids, as the lists show them: reasons are read once per export (a short table). */
async function reasonNames(db: Tx): Promise<(id: number) => string> {
  const names = new Map((await listReasons(db)).map((r) => [r.id, r.name]));
  return (id) => (id === 0 ? '' : (names.get(id) ?? String(id)));
}

export async function subscriptionCsv(db: Tx): Promise<CsvColumn<SubscriptionRow>[]> {
  const reason = await reasonNames(db);
  return [
    { header: 'Subscription ID', value: (s) => s.id },
    { header: 'Customer ID', value: (s) => s.customer.id },
    { header: 'Customer', value: (s) => s.customer.name },
    { header: 'Phone', value: (s) => s.phone },
    { header: 'IMEI', value: (s) => s.imei },
    { header: 'Carrier', value: (s) => carrierName(s.carrierId) },
    { header: 'Status', value: (s) => s.status },
    { header: 'Ordered', value: (s) => s.orderedAt },
    { header: 'Cancelled', value: (s) => s.cancelledAt },
    { header: 'Cancellation reason', value: (s) => reason(s.cancellationReasonId) },
  ];
}

export async function cancellationCsv(db: Tx): Promise<CsvColumn<CancellationRow>[]> {
  const reason = await reasonNames(db);
  return [
    { header: 'Cancellation ID', value: (c) => c.id },
    { header: 'Subscription ID', value: (c) => c.subscriptionId },
    { header: 'Customer ID', value: (c) => c.customer.id },
    { header: 'Customer', value: (c) => c.customer.name },
    { header: 'Phone', value: (c) => c.phone },
    { header: 'IMEI', value: (c) => c.imei },
    { header: 'Carrier', value: (c) => carrierName(c.carrierId) },
    { header: 'Type', value: (c) => (c.isReturn ? '21-day return' : 'Cancellation') },
    { header: 'Ordered', value: (c) => c.orderedAt },
    { header: 'Cancelled', value: (c) => c.cancelledAt },
    { header: 'Cancellation reason', value: (c) => reason(c.cancellationReasonId) },
  ];
}
