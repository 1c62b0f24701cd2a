import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/types';
import { customers, devices, subscriptionCancellations, subscriptions } from '../../db/schema';
import type { CancellationFilters, CancellationRow } from '../../../contract/subscriptions';
import type { Page } from '../../../contract/pagination';
import { businessDayRange, carrierColumn, reasonColumn, subscriptionKeySearch } from '../subscriptions';
import { escapeLike, hasWordCharacter } from '../../db/like';
import { listSpec, readPage, sortOrder } from '../../db/pages';
import { csvNumber, csvText, csvTime } from '../../db/export-columns';

/**
 * A search of cancellations: digits as subscriptions are searched; text as a case-insensitive part of the name each
 * cancellation keeps of its customer (a prefix below 3 characters), which its trigram index serves either way. Read
 * through the joins, a common surname walked thousands of cancellations and a rare one could walk them all.
 */
function cancellationSearch(q: string): { where: SQL; joinsSubscriptions: boolean } {
  const byKey = subscriptionKeySearch(q);
  if (byKey) return { where: byKey, joinsSubscriptions: true };
  if (!hasWordCharacter(q)) return { where: sql`false`, joinsSubscriptions: false };
  const pattern = q.length >= 3 ? `%${escapeLike(q)}%` : `${escapeLike(q)}%`;
  return { where: sql`${subscriptionCancellations.customerName} ilike ${pattern}`, joinsSubscriptions: false };
}

/** Newest cancellation first; the "needs a reason" view is served by cancellations_needs_reason_idx. */
export function cancellationList(db: Db, f: CancellationFilters, timeZone: string) {
  const c = subscriptionCancellations;
  const conditions: SQL[] = [];
  const search = f.q ? cancellationSearch(f.q) : undefined;
  if (search) conditions.push(search.where);
  // The carrier each cancellation keeps (migration 0014), read off its index in list order.
  if (f.carrierId) conditions.push(eq(c.carrierId, f.carrierId));
  if (f.type) conditions.push(eq(c.isReturn, f.type === 'return'));
  if (f.needsReason) conditions.push(eq(c.cancellationReasonId, 0));
  if (f.reasonId) conditions.push(eq(c.cancellationReasonId, f.reasonId));
  if (f.returnReasonId) conditions.push(eq(c.returnReasonId, f.returnReasonId));
  if (f.productId && f.latestDevices)
    conditions.push(inArray(c.subscriptionId, subscriptionsOfProduct(db, f.productId, f.latestDevices)));
  conditions.push(...businessDayRange(c.cancelledAt, timeZone, f.from, f.to));
  const where = and(...conditions);
  return listSpec({
    searched: !!f.q,
    // Read off cancelled_at's index (the partial one for "needs a reason"), in either direction, with no sort.
    order: sortOrder(f.sort, { cancelledAt: { key: c.cancelledAt } }, c.id),
    // A name's cancellations with another filter (a small carrier's) can lie far apart in date order.
    bunchesIn: f.q ? c : undefined,
    where,
    rows: (extras) =>
      db
        .select({
          id: c.id,
          ...extras,
          subscriptionId: c.subscriptionId,
          customerId: customers.id,
          customerName: customers.name,
          phone: devices.phone,
          imei: devices.imei,
          carrierId: subscriptions.carrierId,
          orderedAt: subscriptions.orderedAt,
          cancelledAt: c.cancelledAt,
          isReturn: c.isReturn,
          cancellationReasonId: c.cancellationReasonId,
        })
        .from(c)
        .innerJoin(subscriptions, eq(subscriptions.id, c.subscriptionId))
        .innerJoin(customers, eq(customers.id, subscriptions.customerId))
        .leftJoin(devices, eq(devices.id, subscriptions.deviceId))
        .$dynamic(),
    // The count joins subscriptions only when a filter is about them: over every cancellation the join costs seconds.
    count: search?.joinsSubscriptions
      ? (one) => one.from(c).innerJoin(subscriptions, eq(subscriptions.id, c.subscriptionId)).$dynamic()
      : c,
    toRow: (r): CancellationRow => ({
      id: r.id,
      subscriptionId: r.subscriptionId,
      customer: { id: r.customerId, name: r.customerName },
      phone: r.phone,
      imei: r.imei,
      carrierId: r.carrierId,
      orderedAt: r.orderedAt.toISOString(),
      cancelledAt: r.cancelledAt.toISOString(),
      isReturn: r.isReturn,
      cancellationReasonId: r.cancellationReasonId,
    }),
    csv: [
      csvNumber('Cancellation ID', c.id),
      csvNumber('Subscription ID', c.subscriptionId),
      csvNumber('Customer ID', customers.id),
      csvText('Customer', customers.name),
      csvText('Phone', devices.phone),
      csvText('IMEI', devices.imei),
      carrierColumn(subscriptions.carrierId),
      csvText('Type', sql`case when ${c.isReturn} then '21-day return' else 'Cancellation' end`),
      csvTime('Ordered', subscriptions.orderedAt),
      csvTime('Cancelled', c.cancelledAt),
      reasonColumn(c.cancellationReasonId),
    ],
  });
}

export const listCancellations = (db: Db, f: CancellationFilters, timeZone: string): Promise<Page<CancellationRow>> =>
  readPage(db, cancellationList(db, f, timeZone), f);

/**
 * Subscriptions of one product's devices among the latest `latest` deployed, as "21-day returns by product" counts
 * them; a condition of its own, so the count needs no join for it. The latest devices are read off
 * devices_deployed_at_idx in its exact order, so the cost is that of `latest` devices (at most 10,000), never of
 * every device of a common model (a join over 187,000 devices took 300 ms to count).
 */
function subscriptionsOfProduct(db: Db, productId: number, latest: number) {
  const latestDevices = db
    .select({ id: devices.id, productId: devices.productId })
    .from(devices)
    .where(isNotNull(devices.deployedAt))
    .orderBy(sql`${devices.deployedAt} DESC NULLS LAST`)
    .limit(latest)
    .as('latest_devices');
  const ofProduct = db
    .select({ id: latestDevices.id })
    .from(latestDevices)
    .where(eq(latestDevices.productId, productId));
  return db.select({ id: subscriptions.id }).from(subscriptions).where(inArray(subscriptions.deviceId, ofProduct));
}

export async function findCancellation(tx: Tx, id: number) {
  const [row] = await tx.select().from(subscriptionCancellations).where(eq(subscriptionCancellations.id, id));
  return row;
}

export async function lockCancellationById(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(subscriptionCancellations)
    .where(eq(subscriptionCancellations.id, id))
    .for('update');
  return row;
}
