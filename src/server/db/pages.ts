import { count, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Tx } from './client';
import { FieldErrors } from '../http/errors';
import {
  cursor,
  EXACT_COUNT_LIMIT,
  encodeCursor,
  type Cursor,
  type Page,
  type PageQuery,
} from '../../contract/pagination';

/**
 * A list's order, newest first: by a timestamp `key` then `id`, or by `id` alone. ORDER BY uses plain DESC, so an
 * ascending index on (key, id) serves it scanned backwards, and the cursor condition `(key, id) < (…)` is a range
 * of that index (ADR 015).
 */
export interface ListOrder {
  key?: PgColumn;
  id: PgColumn;
}

/** Microseconds since 1970 as an exact integer: a JavaScript date would drop the microseconds of the cursor. */
const micros = (column: PgColumn) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint`;
const fromMicros = (value: number) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

export const newestFirst = (order: ListOrder): SQL[] =>
  order.key ? [desc(order.key), desc(order.id)] : [desc(order.id)];

/** The select field that carries each row's cursor key (null for id order). */
export const cursorKey = (order: ListOrder) => (order.key ? micros(order.key) : sql<null>`null`);

function seek(order: ListOrder, [key, id]: Cursor): SQL {
  if (!order.key) return sql`${order.id} < ${id}`;
  // A cursor made for id order has no key: it starts from the newest rows of this order.
  if (key === null) return sql`true`;
  return sql`(${order.key}, ${order.id}) < (${fromMicros(key)}, ${id})`;
}

/**
 * The rows of the asked page: after the cursor, or at an offset within the first EXACT_COUNT_LIMIT rows. One row
 * more than the page is read, so the page knows whether another follows it.
 */
export function pageWindow(query: PageQuery, order: ListOrder): { seek?: SQL; limit: number; offset: number } {
  const limit = query.perPage + 1;
  if (query.after) return { seek: seek(order, query.after), limit, offset: 0 };
  const offset = (query.page - 1) * query.perPage;
  if (offset >= EXACT_COUNT_LIMIT)
    throw new FieldErrors({
      page: [`Pages past the first ${EXACT_COUNT_LIMIT.toLocaleString('en-US')} rows are reached with Next.`],
    });
  return { limit, offset };
}

/**
 * Rows matching a list's filter, counted exactly up to EXACT_COUNT_LIMIT (at most that many index entries read),
 * and beyond it estimated by the planner unless `exact` is asked. `matching` builds the filtered
 * `select 1 from …` afresh for each use.
 */
export async function countRows(
  db: Tx,
  matching: () => PgSelect,
  exact: boolean,
): Promise<{ total: number; estimated: boolean }> {
  const limit = exact ? undefined : EXACT_COUNT_LIMIT + 1;
  const rows = limit ? matching().limit(limit) : matching();
  const [counted] = await db.select({ n: count() }).from(rows.as('matching'));
  const n = counted?.n ?? 0;
  if (exact || n <= EXACT_COUNT_LIMIT) return { total: n, estimated: false };
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${matching()}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const plan = Object.values(result.rows[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return { total: Math.max(EXACT_COUNT_LIMIT + 1, Math.round(parsed[0].Plan['Plan Rows'])), estimated: true };
}

/** A page answer from the rows read through pageWindow: the page, its count, and the cursor of the next page. */
export function pageOfRows<R extends { cursorKey: string | number | null; id: number }, T>(
  rows: R[],
  toRow: (row: R) => T,
  query: PageQuery,
  counted: { total: number; estimated: boolean },
): Page<T> {
  const shown = rows.slice(0, query.perPage);
  const last = shown.at(-1);
  const more = rows.length > query.perPage;
  return {
    rows: shown.map(toRow),
    ...counted,
    page: query.page,
    perPage: query.perPage,
    nextCursor: more && last ? encodeCursor([last.cursorKey === null ? null : Number(last.cursorKey), last.id]) : null,
  };
}

/** How many rows an export reads per query: big enough to amortise the round trip, small enough to stream. */
export const EXPORT_BATCH = 1000;

/** Every page of a list in turn, by cursor, for an export: the same queries and order as the list itself. */
export async function* allPages<T>(pageOf: (query: PageQuery) => Promise<Page<T>>): AsyncGenerator<T[]> {
  let query: PageQuery = { page: 1, perPage: EXPORT_BATCH };
  for (;;) {
    const page = await pageOf(query);
    yield page.rows;
    if (!page.nextCursor) return;
    query = { page: query.page + 1, perPage: EXPORT_BATCH, after: cursor.parse(page.nextCursor) };
  }
}
