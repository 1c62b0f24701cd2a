/**
 * Lists through the app (session, routing and JSON included): the first page, a deep page (by cursor, half way
 * down the list), a filtered page and searched pages (a common surname, a full name, a name no one has, a typo) of
 * the big lists, with p50/p95. Target: p95 ≤ 30 ms at the
 * large scale, and p95(large) ÷ p95(demo) ≤ 2, printed when bench/results/lists.json holds the other scale too.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/types';
import { encodeCursor } from '../src/contract/pagination';
import { measure, recordWithScaleRatio, type BenchContext, type BenchTarget } from './support';

const TARGET_P95_MS = 30;

/** The cursor of the row half way down a list, as the app would have handed it after many Next clicks. */
async function midCursor(db: Db, table: string, key: string): Promise<string> {
  const result = (await db.execute(
    sql.raw(`SELECT id, (extract(epoch from ${key}) * 1000000)::bigint AS k FROM ${table}
             ORDER BY ${key} DESC, id DESC OFFSET (SELECT (reltuples / 2)::bigint FROM pg_class WHERE relname = '${table}') LIMIT 1`),
  )) as unknown as { rows: { id: number; k: string }[] };
  const row = result.rows[0];
  return row ? encodeCursor([Number(row.k), Number(row.id)]) : '';
}

async function cases(db: Db) {
  const [customers, subscriptions, cancellations] = await Promise.all([
    midCursor(db, 'customers', 'created_at'),
    midCursor(db, 'subscriptions', 'ordered_at'),
    midCursor(db, 'subscription_cancellations', 'cancelled_at'),
  ]);
  const deviceMid = (await db.execute(sql`SELECT (max(id) / 2)::int AS id FROM devices`)) as unknown as {
    rows: { id: number }[];
  };
  const devices = encodeCursor([null, deviceMid.rows[0]?.id ?? 1]);
  return [
    ['customers, first page', '/admin/api/customers'],
    ['customers, deep page', `/admin/api/customers?page=20000&after=${customers}`],
    ['customers, searched', '/admin/api/customers?q=thompson'],
    ['customers, searched by a first name in name order', '/admin/api/customers?q=mary&sort=name'],
    ['customer search box, misspelt', '/admin/api/customers/search?q=wiliams'],
    ['subscriptions, first page', '/admin/api/subscriptions'],
    ['subscriptions, deep page', `/admin/api/subscriptions?page=20000&after=${subscriptions}`],
    ['subscriptions, filtered', '/admin/api/subscriptions?carrierId=2&status=active'],
    ['subscriptions, needs a reason', '/admin/api/subscriptions?needsReason=1'],
    ['cancellations, first page', '/admin/api/subscription-cancellations'],
    ['cancellations, deep page', `/admin/api/subscription-cancellations?page=20000&after=${cancellations}`],
    ['cancellations, filtered', '/admin/api/subscription-cancellations?type=return'],
    ['cancellations, searched (surname)', '/admin/api/subscription-cancellations?q=miller'],
    ['cancellations, searched (full name)', '/admin/api/subscription-cancellations?q=james%20smith'],
    ['cancellations, searched (no match)', '/admin/api/subscription-cancellations?q=kowalski'],
    ['subscriptions, searched (surname)', '/admin/api/subscriptions?q=miller'],
    ['subscriptions, searched (full name)', '/admin/api/subscriptions?q=james%20smith'],
    ['devices, first page', '/admin/api/devices'],
    ['devices, deep page', `/admin/api/devices?page=20000&after=${devices}`],
    ['prospects, first page', '/admin/api/prospects'],
    ['prospects, searched', '/admin/api/prospects?q=miller'],
  ] as const;
}

async function measureTarget(target: BenchTarget) {
  const rows: Record<string, unknown>[] = [];
  for (const [call, url] of await cases(target.db)) {
    const first = await target.agent.get(url);
    if (first.statusCode !== 200) throw new Error(`${url} answered ${first.statusCode}: ${first.body}`);
    // A page, or the search box's matches (a bare list).
    const answer = first.json<{ total: number; estimated: boolean } | unknown[]>();
    const body = Array.isArray(answer) ? { total: answer.length, estimated: false } : answer;
    const timing = await measure(() => target.agent.get(url), { warmup: 5, iterations: 60 });
    rows.push({
      db: target.kind,
      call,
      total: `${body.estimated ? '~' : ''}${body.total.toLocaleString('en-US')}`,
      ...timing,
      target: timing.p95 <= TARGET_P95_MS ? `≤ ${TARGET_P95_MS} ms: met` : `≤ ${TARGET_P95_MS} ms: MISSED`,
    });
  }
  return rows;
}

export default async function listsBench(ctx: BenchContext): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for await (const target of ctx.targets()) rows.push(...(await measureTarget(target)));
  recordWithScaleRatio('lists', ctx, rows, 'p95');
}
