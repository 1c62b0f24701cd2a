import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/types';
import { customers, prospects, renewals, siteVisits, subscriptionCancellations, subscriptions } from '../db/schema';
import { CARRIERS } from '../../contract/business';
import { openTestDatabase } from '../test/database';
import { generate, type GenerateResult } from './generate';
import { isWithinReturnWindow } from './rules';

const timeZone = 'America/Chicago';
const now = new Date('2026-11-20T18:00:00Z');
const DAY_MS = 86_400_000;
// A demo load takes a couple of seconds on a quiet machine; leave room for a busy CI box.
const LOAD_TIMEOUT = 180_000;

let first: Database;
let second: Database;
let firstResult: GenerateResult;
let secondResult: GenerateResult;

beforeAll(async () => {
  [first, second] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  firstResult = await generate(first.db, { scale: 'demo', seed: 7, timeZone, now });
  secondResult = await generate(second.db, { scale: 'demo', seed: 7, timeZone, now });
}, LOAD_TIMEOUT);
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

async function firstRows(database: Database) {
  const { db } = database;
  return {
    customers: await db.select().from(customers).orderBy(asc(customers.id)).limit(5),
    subscriptions: await db.select().from(subscriptions).orderBy(asc(subscriptions.id)).limit(5),
    cancellations: await db
      .select()
      .from(subscriptionCancellations)
      .orderBy(asc(subscriptionCancellations.id))
      .limit(5),
    renewals: await db.select().from(renewals).orderBy(asc(renewals.id)).limit(5),
    prospects: await db.select().from(prospects).orderBy(asc(prospects.id)).limit(5),
  };
}

describe('the demo data generator', () => {
  it('gives the same rows for the same seed', async () => {
    expect(secondResult.rows).toEqual(firstResult.rows);
    expect(await firstRows(second)).toEqual(await firstRows(first));
  });

  it(
    'gives other rows for another seed',
    async () => {
      const other = await openTestDatabase();
      try {
        await generate(other.db, { scale: 'demo', seed: 8, timeZone, now });
        expect((await firstRows(other)).customers).not.toEqual((await firstRows(first)).customers);
      } finally {
        await other.close();
      }
    },
    LOAD_TIMEOUT,
  );

  it('loads about 2,500 customers with their subscriptions and renewals', () => {
    expect(firstResult.rows.customers).toBe(2_500);
    expect(firstResult.rows.subscriptions).toBeGreaterThan(2_500);
    expect(firstResult.rows.renewals).toBeGreaterThan(20_000);
  });

  it('returns between 4 and 9 % of orders within 21 days', async () => {
    const [row] = await first.db
      .select({ orders: sql<number>`(select count(*) from subscriptions)::int`, returns: sql<number>`count(*)::int` })
      .from(subscriptionCancellations)
      .where(eq(subscriptionCancellations.isReturn, true));
    const share = row!.returns / row!.orders;
    expect(share).toBeGreaterThan(0.04);
    expect(share).toBeLessThan(0.09);
  });

  it('has orders with every carrier', async () => {
    const rows = await first.db.selectDistinct({ carrierId: subscriptions.carrierId }).from(subscriptions);
    expect(rows.map((r) => r.carrierId).sort()).toEqual(CARRIERS.map((c) => c.id).sort());
  });

  it('has data for the dashboards in the past 30 days', async () => {
    const since = new Date(now.getTime() - 30 * DAY_MS);
    const recent = async (table: string, column: string) => {
      const result = await first.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} > ${since.toISOString()}::timestamptz`,
      );
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
    };
    expect(await recent('subscriptions', 'ordered_at')).toBeGreaterThan(0);
    expect(await recent('subscription_cancellations', 'cancelled_at')).toBeGreaterThan(0);
    expect(await recent('renewals', 'renewed_at')).toBeGreaterThan(0);
    expect(await recent('prospects', 'created_at')).toBeGreaterThan(0);
    expect(await recent('plan_lookup_requests', 'requested_at')).toBeGreaterThan(0);
    const visits = await first.db
      .select()
      .from(siteVisits)
      .where(sql`${siteVisits.day} > ${since.toISOString().slice(0, 10)}`);
    expect(visits.length).toBeGreaterThanOrEqual(29);
  });

  it('leaves the latest cancellations waiting for a reason and gives most older ones a reason', async () => {
    const rows = await first.db
      .select({
        cancelledAt: subscriptionCancellations.cancelledAt,
        reasonId: subscriptionCancellations.cancellationReasonId,
      })
      .from(subscriptionCancellations);
    const threeWeeksAgo = now.getTime() - 21 * DAY_MS;
    const older = rows.filter((r) => r.cancelledAt.getTime() < threeWeeksAgo);
    expect(rows.some((r) => r.reasonId === 0 && r.cancelledAt.getTime() >= threeWeeksAgo)).toBe(true);
    expect(older.filter((r) => r.reasonId !== 0).length / older.length).toBeGreaterThan(0.9);
  });

  it('marks a cancellation a return exactly when it falls within 21 days of its order', async () => {
    const rows = await first.db
      .select({
        isReturn: subscriptionCancellations.isReturn,
        orderedAt: subscriptions.orderedAt,
        cancelledAt: subscriptionCancellations.cancelledAt,
      })
      .from(subscriptionCancellations)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCancellations.subscriptionId));
    const wrong = rows.filter((r) => r.isReturn !== isWithinReturnWindow(r.orderedAt, r.cancelledAt, timeZone));
    expect(rows.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('dates nothing later than now; only credits fall due in the future', async () => {
    const latest = [
      ['customers', 'created_at'],
      ['subscriptions', 'ordered_at'],
      ['subscriptions', 'cancelled_at'],
      ['subscription_cancellations', 'cancelled_at'],
      ['renewals', 'renewed_at'],
      ['credits', 'applied_at'],
      ['devices', 'deployed_at'],
      ['devices', 'line_deleted_at'],
      ['equipment', 'created_at'],
      ['loaners', 'returned_at'],
      ['device_swaps', 'swapped_at'],
      ['reset_requests', 'requested_at'],
      ['parcels', 'created_at'],
      ['plan_lookup_requests', 'requested_at'],
      ['promo_emails', 'sent_at'],
      ['prospects', 'created_at'],
      ['prospects', 'converted_at'],
    ].map(([table, column]) => sql`select max(${sql.identifier(column!)}) as at from ${sql.identifier(table!)}`);
    const result = await first.db.execute(sql`select max(at) as at from (${sql.join(latest, sql` union all `)}) t`);
    const at = (result as unknown as { rows: { at: string | Date }[] }).rows[0]!.at;
    expect(new Date(at).getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('renews subscriptions only while they are active, and never in the future', async () => {
    const result = await first.db.execute(sql`
      select count(*)::int as n from renewals r join subscriptions s on s.id = r.subscription_id
      where r.renewed_at <= s.ordered_at or r.renewed_at > coalesce(s.cancelled_at, ${now.toISOString()}::timestamptz)`);
    expect(Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
  });
});
