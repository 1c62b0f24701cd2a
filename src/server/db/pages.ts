import { and, asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './types';
import { FieldErrors } from '../http/errors';
import {
  cursor,
  CURSOR_MESSAGE,
  EXACT_COUNT_LIMIT,
  readSort,
  encodeCursor,
  type Cursor,
  type Page,
  type PageQuery,
} from '../../contract/pagination';

/**
 * A list's order: by a `key` (a timestamp or a text) then `id`, or by `id` alone, newest (or last) first unless
 * `ascending`. ORDER BY uses plain ASC/DESC, so an ascending index on (key, id) serves it, scanned forwards or
 * backwards, and the cursor condition `(key, id) < (…)` (or `>`) is a range of that index (ADR 015, ADR 023).
 */
export interface ListOrder {
  key?: PgColumn | SQL;
  /** How the key travels in a cursor: microseconds for a time (the default), the text itself for a text. */
  kind?: 'time' | 'text';
  id: PgColumn;
  ascending?: boolean;
}

/** A sortable column of a list: its key in the index, or none for the id. */
export type SortKey = Omit<ListOrder, 'id' | 'ascending'>;

/** The order a list's `sort` parameter names, from the list's sortable columns. */
export function sortOrder<C extends string>(sort: C | `-${C}`, keys: Record<C, SortKey>, id: PgColumn): ListOrder {
  const { column, descending } = readSort(sort);
  return { ...keys[column], id, ascending: !descending };
}

/**
 * Microseconds since 1970, exact (a JavaScript date would drop the microseconds of the cursor), as a double: exact
 * below 2^53, and read by the driver as a number where a bigint would come as text.
 */
const micros = (column: PgColumn | SQL) => sql<number>`(extract(epoch from ${column}) * 1000000)::bigint::float8`;
const fromMicros = (value: number) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

const inOrder = (order: ListOrder): SQL[] => {
  const by = order.ascending ? asc : desc;
  return order.key ? [by(order.key), by(order.id)] : [by(order.id)];
};

/** The select field that carries each row's cursor key (null for id order). */
const cursorKey = (order: ListOrder) =>
  !order.key ? sql<null>`null` : order.kind === 'text' ? sql<string>`${order.key}` : micros(order.key);

function seek(order: ListOrder, [key, id]: Cursor): SQL {
  const past = order.ascending ? sql`>` : sql`<`;
  if (!order.key) return sql`${order.id} ${past} ${id}`;
  // A cursor made for id order has no key: it starts from the first rows of this order.
  if (key === null) return sql`true`;
  // A cursor made for another order (a text where a time is read, or the reverse) is a stale link.
  if (typeof key !== (order.kind === 'text' ? 'string' : 'number')) throw new FieldErrors({ after: [CURSOR_MESSAGE] });
  const value = typeof key === 'string' ? sql`${key}` : fromMicros(key);
  return sql`(${order.key}, ${order.id}) ${past} (${value}, ${id})`;
}

/**
 * The rows of the asked page: after the cursor, or at an offset within the first EXACT_COUNT_LIMIT rows. One row
 * more than the page is read, so the page knows whether another follows it.
 */
function pageWindow(query: PageQuery, order: ListOrder): { seek?: SQL; limit: number; offset: number } {
  const limit = query.perPage + 1;
  if (query.after) return { seek: seek(order, query.after), limit, offset: 0 };
  const offset = (query.page - 1) * query.perPage;
  if (offset >= EXACT_COUNT_LIMIT)
    throw new FieldErrors({
      page: [`Pages past the first ${EXACT_COUNT_LIMIT.toLocaleString('en-US')} rows are reached with Next.`],
    });
  return { limit, offset };
}

/** The planner's row estimate for a query (from ANALYZE/autovacuum statistics): planning only, nothing read. */
async function plannedRows(db: Tx, query: PgSelect): Promise<number> {
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as {
    rows: Record<string, unknown>[];
  };
  const plan = Object.values(result.rows[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/**
 * A list narrowed by a text search is counted exactly up to this many rows only: a text part is matched through a
 * trigram index, which is lossy, so every candidate is read again from the table (a page each), where the other
 * filters count index entries. Up to 1,000 rows the count costs about what reading the page does.
 */
export const SEARCH_COUNT_LIMIT = 1_000;

/** What a count follows: the client's `exact`, and `uncounted`, which `allPages` sets on the queries of an export. */
interface CountAsked {
  exact?: '1';
  uncounted?: boolean;
}

/** The count of an export's batches: none. */
const UNCOUNTED = { total: 0, estimated: true };

/**
 * Rows matching a list's filter, counted exactly up to `upTo` (EXACT_COUNT_LIMIT, or SEARCH_COUNT_LIMIT for a
 * search: at most that many rows read), beyond it estimated by the planner, and exactly on request. `matching`
 * builds the filtered `select 1 from …` afresh for each use.
 *
 * Where the planner's estimate is close, a list it puts at twice the limit or more is not counted at all: an
 * unfiltered list (a table's own estimate), and a text search (customers' names keep finer statistics, see
 * planner-statistics.ts). Reading 10,001 index entries was most of a first page's cost, and a common name's
 * trigram matches are gathered whole before the first is read, so even a capped count of them grew with the table.
 * Other filters' estimates can be far off: they are counted.
 */
async function countRows(
  db: Tx,
  matching: () => PgSelect,
  asked: CountAsked,
  searched: boolean,
): Promise<{ total: number; estimated: boolean }> {
  // An export reads every page and shows no total: counting each batch of it was wasted work.
  if (asked.uncounted) return UNCOUNTED;
  if (asked.exact) {
    const [counted] = await db.select({ n: count() }).from(matching().as('matching'));
    return { total: counted?.n ?? 0, estimated: false };
  }
  const upTo = searched ? SEARCH_COUNT_LIMIT : EXACT_COUNT_LIMIT;
  const trusted = searched || !/\bwhere\b/i.test(matching().toSQL().sql);
  const planned = trusted ? await plannedRows(db, matching()) : undefined;
  if (planned !== undefined && planned >= 2 * upTo) return { total: planned, estimated: true };
  const [counted] = await db.select({ n: count() }).from(
    matching()
      .limit(upTo + 1)
      .as('matching'),
  );
  const n = counted?.n ?? 0;
  if (n <= upTo) return { total: n, estimated: false };
  return { total: Math.max(upTo + 1, planned ?? (await plannedRows(db, matching()))), estimated: true };
}

/**
 * A page answer from the rows read through pageWindow: the page, its count, and the cursor of the next page. One row
 * past the page is the sign that another follows, unless `more` tells.
 */
function pageOfRows<R extends { cursorKey: Cursor[0]; id: number }, T>(
  rows: R[],
  toRow: (row: R) => T,
  query: PageQuery,
  counted: { total: number; estimated: boolean },
  more = rows.length > query.perPage,
): Page<T> {
  const shown = rows.slice(0, query.perPage);
  const last = shown.at(-1);
  return {
    rows: shown.map(toRow),
    ...counted,
    page: query.page,
    perPage: query.perPage,
    nextCursor: more && last ? encodeCursor([last.cursorKey, last.id]) : null,
  };
}

/** What each row a list reads carries: its id and cursor key, from which the next page's cursor is made. */
type Keyed = { id: number; cursorKey: Cursor[0] };

/** A list's row query, a drizzle select made `$dynamic()`: readPage adds the page's window and order to it. */
interface RowQuery<R extends Keyed> {
  where(where: SQL | undefined): RowQuery<R>;
  orderBy(...order: SQL[]): RowQuery<R>;
  limit(limit: number): RowQuery<R>;
  offset(offset: number): RowQuery<R>;
  execute(): Promise<R[]>;
}

const selectOne = (db: Tx) => db.select({ one: sql`1` });

/**
 * A page of a list, in `order` and filtered by `where`. `rows` builds the row query with its joins, selecting the
 * `cursorKey` it is given. The count reads `count`: a table, or `select 1 from …` with the joins its filter needs
 * (only those: a join over every row makes a count slow); a searched list's export reads its matches' ids from it
 * too, in `order`, whose keys must therefore be its columns. `toRow` makes each row of the answer, less its cursor key.
 */
export async function readPage<R extends Keyed, T>(
  db: Tx,
  query: PageQuery & CountAsked & ExportAsked,
  list: {
    order: ListOrder;
    where: SQL | undefined;
    rows: (key: ReturnType<typeof cursorKey>) => RowQuery<R>;
    count: PgTable | ((one: ReturnType<typeof selectOne>) => PgSelect);
    toRow: (row: Omit<R, 'cursorKey'>) => T;
    /** The filter includes a text search (see SEARCH_COUNT_LIMIT). */
    searched?: boolean;
  },
): Promise<Page<T>> {
  const { order, where } = list;
  const source = (select: ReturnType<typeof selectOne>) =>
    typeof list.count === 'function' ? list.count(select) : select.from(list.count).$dynamic();
  if (query.exporting && list.searched) {
    // The ids of the matches, in the list's order, from the count's tables (they hold the filter's joins).
    const ids = () =>
      source(db.select({ id: order.id }) as unknown as ReturnType<typeof selectOne>)
        .where(where)
        .orderBy(...inOrder(order));
    const batch = await searchedExportBatch(db, query.exporting, query.perPage, ids, (some) =>
      list
        .rows(cursorKey(order))
        // One array parameter: `inArray` makes one per id, and building a statement of 1,000 parameters took
        // about 2 ms of the event loop per batch.
        .where(sql`${order.id} = ANY(${sql.param(some)}::int[])`)
        .orderBy(...inOrder(order))
        .execute(),
    );
    if (batch)
      return pageOfRows(batch.rows, ({ cursorKey: _, ...row }) => list.toRow(row), query, UNCOUNTED, batch.more);
  }
  const window = pageWindow(query, order);
  const matching = () => source(selectOne(db)).where(where);
  const [rows, counted] = await Promise.all([
    list
      .rows(cursorKey(order))
      .where(and(where, window.seek))
      .orderBy(...inOrder(order))
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    countRows(db, matching, query, !!list.searched),
  ]);
  return pageOfRows(rows, ({ cursorKey: _, ...row }) => list.toRow(row), query, counted);
}

/**
 * The most matches of a search an export reads as ids in one query (a few hundred kilobytes of ids); a broader search
 * is read by cursor, a page at a time, where its matches are dense in the list's order and each page is found in few
 * rows.
 */
export const EXPORT_IDS_LIMIT = 50_000;

/** Where an export of a searched list stands: its matches' ids in order (null: read by cursor), and how many were read. */
interface SearchedExport {
  ids?: number[] | null;
  read: number;
}

/** Set by `allPages` on each query of an export. */
interface ExportAsked {
  exporting?: SearchedExport;
}

/**
 * The next batch of a searched list's export, or undefined to read it by cursor. Read by cursor, each batch runs the
 * search again, and under its LIMIT the planner walks the list's order index testing every row: a surname's 10,756
 * customers of a million took 11 batches of 70 ms, the whole table read. Without a LIMIT the planner finds the
 * matches through the search's index and sorts them: one query of 65 ms. So the first batch reads the ids of every
 * match in order (up to EXPORT_IDS_LIMIT), and each batch reads its rows by id. A row changed since is exported as it
 * is now; one deleted since is left out (ADR 025).
 */
async function searchedExportBatch<R extends Keyed>(
  db: Tx,
  reading: SearchedExport,
  size: number,
  ids: () => PgSelect,
  rowsOf: (ids: number[]) => Promise<R[]>,
): Promise<{ rows: R[]; more: boolean } | undefined> {
  if (reading.ids === undefined) {
    const found = (await db.execute(sql`${ids().limit(EXPORT_IDS_LIMIT + 1)}`)) as {
      rows: { id: number | string }[];
    };
    reading.ids = found.rows.length > EXPORT_IDS_LIMIT ? null : found.rows.map((r) => Number(r.id));
  }
  if (!reading.ids) return undefined;
  // A batch whose rows were all deleted since is passed over: an empty batch ends the export.
  for (;;) {
    const batch = reading.ids.slice(reading.read, reading.read + size);
    reading.read += batch.length;
    const rows = batch.length ? await rowsOf(batch) : [];
    const more = reading.read < reading.ids.length;
    if (rows.length || !more) return { rows, more };
  }
}

/** How many rows an export reads per query: big enough to amortise the round trip, small enough to stream. */
export const EXPORT_BATCH = 1000;

/**
 * Batches read one after another, each by `read` from where the last one left off (`next`; null after the last).
 * An iterator rather than a generator: a generator waiting at `yield` keeps its locals, so each batch stayed
 * reachable while the export waited for requests (up to 0.1 s), long enough to be copied by young-generation
 * collections and moved to the old one, whose collections are the event loop's longest pauses (ADR 025).
 */
export function batches<T, S>(first: S, read: (from: S) => Promise<{ rows: T[]; next: S | null }>): AsyncIterable<T[]> {
  let from: S | null = first;
  return {
    [Symbol.asyncIterator]: () => ({
      async next(): Promise<IteratorResult<T[], undefined>> {
        if (from === null) return { done: true, value: undefined };
        const { rows, next } = await read(from);
        from = next;
        return { done: false, value: rows };
      },
    }),
  };
}

/**
 * Every page of a list in turn, for an export: the list's own queries and order, by cursor, or for a searched list by
 * the ids of its matches (searchedExportBatch).
 */
export function allPages<T>(pageOf: (query: PageQuery) => Promise<Page<T>>): AsyncIterable<T[]> {
  const exporting: SearchedExport = { read: 0 };
  const first: PageQuery & CountAsked & ExportAsked = { page: 1, perPage: EXPORT_BATCH, uncounted: true, exporting };
  return batches(first, async (query) => {
    const page = await pageOf(query);
    return {
      rows: page.rows,
      next: page.nextCursor ? { ...query, page: query.page + 1, after: cursor.parse(page.nextCursor) } : null,
    };
  });
}
