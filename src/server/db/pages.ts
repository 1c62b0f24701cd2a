import { and, asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './types';
import { copyOut } from './copy-out';
import { inSlot, poolOf } from './connection-budget';
import { csvRecord, exportCells, type ExportColumn } from './export-columns';
import { FieldErrors } from '../http/errors';
import { csvLine } from '../../contract/csv';
import {
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
  /**
   * How the key travels in a cursor: microseconds for a time (the default), the text itself for a text, and a
   * decimal (a weight) as its digits, which a number of JavaScript could round.
   */
  kind?: 'time' | 'text' | 'decimal';
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
  !order.key
    ? sql<null>`null`
    : order.kind === 'text'
      ? sql<string>`${order.key}`
      : order.kind === 'decimal'
        ? sql<string>`${order.key}::text`
        : micros(order.key);

const DECIMAL = /^-?\d{1,20}(\.\d{1,10})?$/;

/** Whether a cursor's key is of the kind the order reads (a text where a time is read is a stale link). */
const keyFits = (order: ListOrder, key: string | number) =>
  order.kind === 'decimal'
    ? typeof key === 'string' && DECIMAL.test(key)
    : typeof key === (order.kind === 'text' ? 'string' : 'number');

function seek(order: ListOrder, [key, id]: Cursor): SQL {
  const past = order.ascending ? sql`>` : sql`<`;
  if (!order.key) return sql`${order.id} ${past} ${id}`;
  // A cursor made for id order has no key: it starts from the first rows of this order.
  if (key === null) return sql`true`;
  // A cursor made for another order (a text where a time is read, or the reverse) is a stale link.
  if (!keyFits(order, key)) throw new FieldErrors({ after: [CURSOR_MESSAGE] });
  return sql`(${order.key}, ${order.id}) ${past} (${keyValue(order, key)}, ${id})`;
}

const keyValue = (order: ListOrder, key: string | number) =>
  order.kind === 'decimal' ? sql`${key}::numeric` : typeof key === 'string' ? sql`${key}` : fromMicros(key);

/** The rows of a keyed order up to and including the row at `edge`. */
function through(order: ListOrder & { key: PgColumn | SQL }, [key, id]: [string | number, number]): SQL {
  return sql`(${order.key}, ${order.id}) ${order.ascending ? sql`<=` : sql`>=`} (${keyValue(order, key)}, ${id})`;
}

/**
 * The order with its key made by an expression no index holds (the same values), so that the planner finds the rows
 * through the filter's own index and sorts them, instead of walking the order's index until enough match, or
 * reading every row past a cursor off it.
 */
function unindexed(order: ListOrder & { key: PgColumn | SQL }): ListOrder & { key: SQL } {
  const key =
    order.kind === 'text'
      ? sql`(${order.key} || '')`
      : order.kind === 'decimal'
        ? sql`(${order.key} + 0)`
        : sql`(${order.key} + interval '0 seconds')`;
  return { ...order, key };
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
  exact: boolean,
  searched: boolean,
): Promise<{ total: number; estimated: boolean }> {
  if (exact) {
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
 * past the page is the sign that another follows.
 */
function pageOfRows<R extends { cursorKey: Cursor[0]; id: number }, T>(
  rows: R[],
  toRow: (row: R) => T,
  query: PageQuery,
  counted: { total: number; estimated: boolean },
): Page<T> {
  const more = rows.length > query.perPage;
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
  getSQL(): SQL;
}

/** The fields a row query adds to its own: the cursor key, and for an export the row's CSV cells. */
export interface RowExtras {
  cursorKey: SQL<Cursor[0]>;
  cells?: Record<string, SQL.Aliased<string | null>>;
}

const selectOne = (db: Tx, field: SQL = sql`1`) => db.select({ one: field });

/** `select <field>` from the rows matching the list's filter and `more`, with the joins its count declares. */
const matching = <R extends Keyed, T>(
  db: Tx,
  list: ListSpec<R, T>,
  field?: SQL,
  more?: SQL,
  where: SQL | undefined = list.where,
) =>
  (typeof list.count === 'function'
    ? list.count(selectOne(db, field))
    : selectOne(db, field).from(list.count).$dynamic()
  ).where(and(where, more));

/**
 * A list, declared once by its module for a query: its order and filter, its row query, how it counts, the answer's
 * rows and the columns of its CSV export. `readPage` answers a page of it, `exportRows` every row as CSV.
 */
export interface ListSpec<R extends Keyed, T> {
  order: ListOrder;
  where: SQL | undefined;
  /** The row query with its joins, selecting the extras it is given beside its own fields. */
  rows: (extras: RowExtras) => RowQuery<R>;
  /**
   * What the count reads: a table, or `select 1 from …` with the joins its filter needs (only those: a join over
   * every row makes a count slow).
   */
  count: PgTable | ((one: ReturnType<typeof selectOne>) => PgSelect);
  toRow: (row: Omit<R, 'cursorKey' | 'cells'>) => T;
  /** The filter includes a text search (see SEARCH_COUNT_LIMIT). */
  searched?: boolean;
  /**
   * The table the order's key is read from, for a filter whose matches can bunch together in that order: customers
   * sorted by name and searched by a first name, where every "Mary" is under M, 400,000 names from the start;
   * subscriptions sorted by cancellation date and filtered by order date, whose matches all lie past years of
   * cancellations. Such a page is read as `readBunched` tells, never by walking the order until enough rows match.
   * The list declares it only for the filters that can bunch (a filter the order's first rows match is read faster
   * by the walk alone).
   */
  bunchesIn?: PgTable;
  /**
   * The filter as the matches past a bunching walk are found (`readBunched`), where another form of it reads better
   * from the search's own index than `where` does; the same rows.
   */
  matchesWhere?: SQL;
  /** The export's columns, in SQL (export-columns.ts); a list without them has no export. */
  csv?: ExportColumn[];
}

/**
 * Declares a list: the identity, so that `toRow` is typed by the rows its row query reads, and a list with CSV
 * columns is known to have them (only those can be exported).
 */
export const listSpec = <R extends Keyed, T, C extends ExportColumn[] | undefined = undefined>(
  list: ListSpec<R, T> & { csv?: C },
) => list as ListSpec<R, T> & { csv: C };

/** A page of a list: the asked rows in the list's order, counted as `countRows` tells, with the next page's cursor. */
export async function readPage<R extends Keyed, T>(db: Tx, list: ListSpec<R, T>, query: PageQuery): Promise<Page<T>> {
  const { order, where } = list;
  const window = pageWindow(query, order);
  const { bunchesIn } = list;
  const { key } = order;
  const readRows =
    bunchesIn && key
      ? () => readBunched(db, list, { ...order, key }, bunchesIn, window)
      : () =>
          list
            .rows({ cursorKey: cursorKey(order) })
            .where(and(where, window.seek))
            .orderBy(...inOrder(order))
            .limit(window.limit)
            .offset(window.offset)
            .execute();
  const read = () => Promise.all([readRows(), countRows(db, () => matching(db, list), !!query.exact, !!list.searched)]);
  const [rows, counted] = list.searched ? await inSlot(db, 'searches', read) : await read();
  return pageOfRows(
    rows,
    ({ cursorKey: _, ...row }) => list.toRow(row as Omit<R, 'cursorKey' | 'cells'>),
    query,
    counted,
  );
}

/**
 * How many rows of its order a filter whose matches can bunch reads before it looks for its page among the matches
 * themselves: about 5 ms of index and table pages, enough to fill a page with a name borne by 1 in 200 rows.
 */
export const BUNCHED_WALK_ROWS = 5_000;

/**
 * The page of a filter whose matches can bunch in the list's order (`bunchesIn`): first among the next
 * BUNCHED_WALK_ROWS rows of the order (a range of its index, so the walk stops there), where a name spread through
 * the list fills its page; then, if it did not, among the matches past that range, found through the filter's own
 * index and sorted (unindexed), which costs what their number does. The walk's edge is read first, off the order's
 * index alone (its rows with a key: a descending order puts those without one first); with no edge fewer rows than
 * that remain and the one walk reads them all.
 */
async function readBunched<R extends Keyed, T>(
  db: Tx,
  list: ListSpec<R, T>,
  order: ListOrder & { key: PgColumn | SQL },
  table: PgTable,
  window: ReturnType<typeof pageWindow>,
): Promise<R[]> {
  const [edge] = await db
    .select({ key: cursorKey(order), id: order.id })
    .from(table)
    .where(and(window.seek, sql`${order.key} is not null`))
    .orderBy(...inOrder(order))
    .limit(1)
    .offset(BUNCHED_WALK_ROWS - 1);
  const wanted = window.offset + window.limit;
  const edgeAt = edge ? ([edge.key as string | number, edge.id as number] as [string | number, number]) : undefined;
  const walked = await list
    .rows({ cursorKey: cursorKey(order) })
    .where(and(list.where, window.seek, edgeAt && through(order, edgeAt)))
    .orderBy(...inOrder(order))
    .limit(wanted)
    .execute();
  if (!edgeAt || walked.length === wanted) return walked.slice(window.offset);
  const skip = Math.max(0, window.offset - walked.length);
  // The page's ids first, through the joins the filter needs only (the count's), then their rows: joined before the
  // sort, every match would be joined (28,000 subscriptions to their customers, 150 ms) for the 25 kept.
  const loose = unindexed(order);
  // Past the edge is past the cursor too (the edge was read past it): one seek, off no index.
  const ids = matching(db, list, sql`${order.id}`, seek(loose, edgeAt), list.matchesWhere ?? list.where)
    .orderBy(...inOrder(loose))
    .limit(wanted - walked.length - skip)
    .offset(skip);
  const beyond = await list
    .rows({ cursorKey: cursorKey(order) })
    .where(sql`${order.id} = any(array(${ids}))`)
    .orderBy(...inOrder(loose))
    .execute();
  return [...walked.slice(window.offset), ...beyond];
}

/** How many rows the embedded database's export reads per query: big enough to amortise the query, small enough to stream. */
export const EXPORT_BATCH = 1000;

/**
 * Every row of a list from `query.after` on (its other paging fields ignored), as CSV: the header line, then chunks of
 * lines. On PostgreSQL one `COPY … (FORMAT csv)` writes the file from the cells the list's columns make in SQL
 * (copy-out.ts); the embedded database, which has no COPY to a client, reads the same cells a batch at a time by
 * cursor and joins them as COPY does (`csvRecord`), so the file is the same either way. The first chunk is read
 * before this answers, so a refused input (a cursor of another order) or a failing query is an error here, before
 * any byte is sent.
 */
export async function exportRows<R extends Keyed>(
  db: Tx,
  list: ListSpec<R, unknown> & { csv: ExportColumn[] },
  query: Pick<PageQuery, 'after'>,
): Promise<AsyncIterable<string | Buffer>> {
  const { order, csv: columns } = list;
  const cells = exportCells(columns);
  const seekFrom = (after: Cursor | undefined) => (after ? seek(order, after) : undefined);
  const rows = (after: Cursor | undefined) =>
    list
      .rows({ cursorKey: cursorKey(order), cells })
      .where(and(list.where, seekFrom(after)))
      .orderBy(...inOrder(order));
  const header = csvLine(columns.map((c) => c.header));
  const pool = poolOf(db);
  const chunks: AsyncIterable<string | Buffer> = pool
    ? await copyOut(pool, sql`SELECT ${sql.raw(Object.keys(cells).join(', '))} FROM ${rows(query.after)} AS exported`)
    : batches(query.after, async (after) => {
        const batch = (await rows(after).limit(EXPORT_BATCH).execute()) as (R & {
          cells: Record<string, string | null>;
        })[];
        const last = batch.at(-1);
        return {
          rows: batch.map((r) => csvRecord(r.cells, columns.length)).join(''),
          next: batch.length === EXPORT_BATCH && last ? ([last.cursorKey, last.id] as Cursor) : null,
        };
      });
  return prepend(header, await firstRead(chunks));
}

/** An iterable whose first item is read now, so that its error is thrown here. */
async function firstRead<T>(items: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const it = items[Symbol.asyncIterator]();
  const first = await it.next();
  return prepend(first.done ? undefined : first.value, { [Symbol.asyncIterator]: () => it });
}

function prepend<T>(head: T | undefined, rest: AsyncIterable<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      let started = head === undefined;
      const it = rest[Symbol.asyncIterator]();
      return {
        next: () => {
          if (started) return it.next();
          started = true;
          return Promise.resolve({ done: false, value: head as T });
        },
        return: (value?: unknown) => it.return?.(value) ?? Promise.resolve({ done: true, value: undefined }),
      };
    },
  };
}

/**
 * Batches read one after another, each by `read` from where the last one left off (`next`; null after the last).
 * An iterator rather than a generator: a generator waiting at `yield` keeps its locals, so each batch stayed
 * reachable while the export waited for requests (up to 0.1 s), long enough to be copied by young-generation
 * collections and moved to the old one, whose collections are the event loop's longest pauses (ADR 025).
 */
export function batches<T, S>(first: S, read: (from: S) => Promise<{ rows: T; next: S | null }>): AsyncIterable<T> {
  let from: S | null = first;
  let done = false;
  return {
    [Symbol.asyncIterator]: () => ({
      async next(): Promise<IteratorResult<T, undefined>> {
        if (done) return { done: true, value: undefined };
        const { rows, next } = await read(from as S);
        from = next;
        done = next === null;
        return { done: false, value: rows };
      },
    }),
  };
}
