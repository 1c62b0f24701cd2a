import { and, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/types';
import {
  customers,
  devices,
  products,
  referralCodes,
  renewals,
  returnReasons,
  subscriptionCancellations,
  subscriptions,
} from '../../db/schema';
import {
  RENEWALS_SHOWN,
  type SubscriptionDetail,
  type SubscriptionFilters,
  type SubscriptionLookupResult,
  type SubscriptionRow,
} from '../../../contract/subscriptions';
import { readSort, type Page } from '../../../contract/pagination';
import { MAX_INT4 } from '../../../contract/primitives';
import { escapeLike, hasWordCharacter } from '../../db/like';
import { listSpec, readPage, sortOrder } from '../../db/pages';
import { csvNumber, csvText, csvTime } from '../../db/export-columns';
import { carrierColumn, reasonColumn } from './subscriptions.export';

/**
 * Subscriptions matching a search for a customer name or id, a phone number or an IMEI.
 * Digits are matched exactly against customer id, line and customer phone, and IMEI (btree indexes);
 * text is a case-insensitive part of the customer name (trigram index; a prefix below 3 characters,
 * where trigrams cannot help); a text with no letter or digit matches no name (`hasWordCharacter`).
 */
export function subscriptionSearch(q: string, from: 'walk' | 'matches' = 'walk'): SQL {
  if (!hasWordCharacter(q)) return sql`false`;
  const byName =
    q.length >= 3
      ? sql`${customers.name} ilike ${`%${escapeLike(q)}%`}`
      : sql`lower(${customers.name}) collate "C" like ${`${escapeLike(q.toLowerCase())}%`}`;
  const named = sql`select ${customers.id} from ${customers} where ${byName}`;
  // Walked in the list's order, a semi-join: for a common name (thousands of customers) the planner can then walk
  // subscriptions newest first and stop at a page, instead of fetching every match to sort it. Found as matches to
  // sort (`from: 'matches'`), an array: their subscriptions through the customer index, where the semi-join read
  // every subscription past the walk to join them (a common first name: 141 → 55 ms at a million customers).
  return (
    subscriptionKeySearch(q) ??
    (from === 'walk'
      ? sql`${subscriptions.customerId} in (${named})`
      : sql`${subscriptions.customerId} = any(array(${named}))`)
  );
}

/**
 * A search made of digits, as subscriptions match it (see subscriptionSearch), else undefined: the few matching ids
 * are collected first so subscriptions are found through their customer and device indexes (a bitmap OR) instead
 * of a scan.
 */
export function subscriptionKeySearch(q: string): SQL | undefined {
  const digits = q.replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  const phone = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const customerId = digits.length <= 10 && Number(digits) <= MAX_INT4 ? Number(digits) : -1;
  return sql`(
    ${subscriptions.customerId} = any(array(
      select ${customerId}::int
      union all select ${customers.id} from ${customers} where ${customers.phone} = ${phone}
    ))
    or ${subscriptions.deviceId} = any(array(
      select ${devices.id} from ${devices} where ${devices.phone} = ${phone} or ${devices.imei} = ${digits}
    ))
  )`;
}

/** `at` falls on a business day from `from` to `to` (YYYY-MM-DD, inclusive) in the business time zone. */
export function businessDayRange(at: AnyPgColumn, timeZone: string, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${at} >= (${from}::date)::timestamp at time zone ${timeZone}`);
  if (to) conditions.push(sql`${at} < (${to}::date + 1)::timestamp at time zone ${timeZone}`);
  return conditions;
}

/**
 * Newest first by order date unless sorted otherwise. Sorted by cancellation date, only the cancelled subscriptions
 * are listed: an active subscription has no date to place it by (ADR 054), so the active ones asked for with that
 * order are none, which PostgreSQL sees from the two statuses without reading a row. The "needs a reason" queue is
 * read by cancellation date whichever date is asked, in the asked direction (its partial index
 * subscriptions_needs_reason_idx holds no order date).
 */
export function subscriptionList(db: Db, f: SubscriptionFilters, timeZone: string) {
  const conditions: SQL[] = [];
  if (f.carrierId) conditions.push(eq(subscriptions.carrierId, f.carrierId));
  if (f.status) conditions.push(eq(subscriptions.status, f.status));
  if (f.needsReason)
    conditions.push(sql`${subscriptions.status} = 'cancelled' and ${subscriptions.cancellationReasonId} = 0`);
  conditions.push(...businessDayRange(subscriptions.orderedAt, timeZone, f.from, f.to));
  const byCancellation = f.needsReason || readSort(f.sort).column === 'cancelledAt';
  if (byCancellation) conditions.push(eq(subscriptions.status, 'cancelled'), isNotNull(subscriptions.cancelledAt));
  const where = and(f.q ? subscriptionSearch(f.q) : undefined, ...conditions);
  // Each order is read off the index serving it, in either direction (the needs-a-reason one is partial), no sort.
  const key = byCancellation ? subscriptions.cancelledAt : subscriptions.orderedAt;
  return listSpec({
    searched: !!f.q,
    order: sortOrder(f.sort, { orderedAt: { key }, cancelledAt: { key } }, subscriptions.id),
    // Orders of a few months, or a customer's, are cancelled within a few years: in cancellation order they lie
    // together, past every cancellation before them.
    bunchesIn: byCancellation && (f.q || f.from || f.to) ? subscriptions : undefined,
    matchesWhere: f.q ? and(subscriptionSearch(f.q, 'matches'), ...conditions) : undefined,
    where,
    rows: (extras) =>
      db
        .select({
          id: subscriptions.id,
          ...extras,
          customerId: customers.id,
          customerName: customers.name,
          phone: devices.phone,
          imei: devices.imei,
          carrierId: subscriptions.carrierId,
          status: subscriptions.status,
          orderedAt: subscriptions.orderedAt,
          cancelledAt: subscriptions.cancelledAt,
          cancellationReasonId: subscriptions.cancellationReasonId,
        })
        .from(subscriptions)
        .innerJoin(customers, eq(customers.id, subscriptions.customerId))
        .leftJoin(devices, eq(devices.id, subscriptions.deviceId))
        .$dynamic(),
    count: subscriptions,
    toRow: (r): SubscriptionRow => ({
      id: r.id,
      customer: { id: r.customerId, name: r.customerName },
      phone: r.phone,
      imei: r.imei,
      carrierId: r.carrierId,
      status: r.status,
      orderedAt: r.orderedAt.toISOString(),
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
      cancellationReasonId: r.cancellationReasonId,
    }),
    csv: [
      csvNumber('Subscription ID', subscriptions.id),
      csvNumber('Customer ID', customers.id),
      csvText('Customer', customers.name),
      csvText('Phone', devices.phone),
      csvText('IMEI', devices.imei),
      carrierColumn(subscriptions.carrierId),
      csvText('Status', subscriptions.status),
      csvTime('Ordered', subscriptions.orderedAt),
      csvTime('Cancelled', subscriptions.cancelledAt),
      reasonColumn(subscriptions.cancellationReasonId),
    ],
  });
}

export const listSubscriptions = (db: Db, f: SubscriptionFilters, timeZone: string): Promise<Page<SubscriptionRow>> =>
  readPage(db, subscriptionList(db, f, timeZone), f);

/** The subscription with this id and its customer, or none: one read by primary key each. */
export function subscriptionLookup(db: Db, id: number): Promise<SubscriptionLookupResult[]> {
  return db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      customer: { id: customers.id, name: customers.name },
    })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .where(eq(subscriptions.id, id));
}

export async function subscriptionDetail(db: Db, id: number): Promise<SubscriptionDetail | undefined> {
  const [row] = await db
    .select({
      s: subscriptions,
      customer: { id: customers.id, name: customers.name, email: customers.email, phone: customers.phone },
      device: { id: devices.id, sim: devices.sim, phone: devices.phone, imei: devices.imei, model: products.model },
      referralCode: referralCodes.code,
    })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .leftJoin(devices, eq(devices.id, subscriptions.deviceId))
    .leftJoin(products, eq(products.id, devices.productId))
    .leftJoin(referralCodes, eq(referralCodes.id, subscriptions.referralCodeId))
    .where(eq(subscriptions.id, id));
  if (!row) return undefined;

  const [renewalRows, [renewalCount], cancellationRows] = await Promise.all([
    db
      .select({ id: renewals.id, renewedAt: renewals.renewedAt, gross: renewals.gross, net: renewals.net })
      .from(renewals)
      .where(eq(renewals.subscriptionId, id))
      .orderBy(desc(renewals.renewedAt), desc(renewals.id))
      .limit(RENEWALS_SHOWN),
    db.select({ n: count() }).from(renewals).where(eq(renewals.subscriptionId, id)),
    db
      .select({
        id: subscriptionCancellations.id,
        cancelledAt: subscriptionCancellations.cancelledAt,
        isReturn: subscriptionCancellations.isReturn,
        cancellationReasonId: subscriptionCancellations.cancellationReasonId,
        returnReason: returnReasons.name,
      })
      .from(subscriptionCancellations)
      .leftJoin(returnReasons, eq(returnReasons.id, subscriptionCancellations.returnReasonId))
      .where(eq(subscriptionCancellations.subscriptionId, id))
      .orderBy(desc(subscriptionCancellations.cancelledAt), desc(subscriptionCancellations.id)),
  ]);

  const s = row.s;
  return {
    id: s.id,
    status: s.status,
    source: s.source,
    referralCode: row.referralCode,
    price: s.price,
    carrierId: s.carrierId,
    orderedAt: s.orderedAt.toISOString(),
    cancelledAt: s.cancelledAt?.toISOString() ?? null,
    cancellationReasonId: s.cancellationReasonId,
    customer: row.customer,
    device: row.device?.id && row.device.sim ? { ...row.device, id: row.device.id, sim: row.device.sim } : null,
    renewals: {
      total: renewalCount?.n ?? 0,
      rows: renewalRows.map((r) => ({ ...r, renewedAt: r.renewedAt.toISOString() })),
    },
    cancellations: cancellationRows.map((c) => ({ ...c, cancelledAt: c.cancelledAt.toISOString() })),
  };
}

export async function lockSubscription(tx: Tx, id: number) {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

/** The cancellation that ended the subscription as it stands: the latest one. Locked, after the subscription. */
export async function lockCurrentCancellation(tx: Tx, subscriptionId: number) {
  const [row] = await tx
    .select()
    .from(subscriptionCancellations)
    .where(eq(subscriptionCancellations.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionCancellations.cancelledAt), desc(subscriptionCancellations.id))
    .limit(1)
    .for('update');
  return row;
}

export async function setSubscriptionReasonId(tx: Tx, id: number, reasonId: number) {
  await tx
    .update(subscriptions)
    .set({ cancellationReasonId: reasonId, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

export async function setCancellationReasonId(tx: Tx, id: number, reasonId: number) {
  await tx
    .update(subscriptionCancellations)
    .set({ cancellationReasonId: reasonId, updatedAt: new Date() })
    .where(eq(subscriptionCancellations.id, id));
}
