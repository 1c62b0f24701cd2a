/*
 * Counts and checksums of the public schema's tables, computed in SQL. The fixture maker runs this module inside
 * release 1.0.0's code to record them, and the upgrade tier runs it on the upgraded database to compare: one
 * module, so both compute them the same way. It imports nothing, so it runs beside any release's code.
 */

/** Runs one statement and answers its rows, on one session (SETs must hold for the next statement). */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

export interface TableShape {
  /** In the order of the table's definition. */
  columns: string[];
  /** Empty when the table has none: its rows are then ordered by their own checksum. */
  primaryKey: string[];
}

export interface TableSums {
  rows: number;
  /** md5 of the rows' md5s in primary-key order, each the md5 of the row of the given columns as text. */
  checksum: string;
}

/**
 * A row's text depends on the session: time zone, date and interval styles, float digits, bytea output. Both sides
 * set them alike, so the same rows give the same text on PostgreSQL and on the embedded database.
 */
const SESSION = [
  "SET TIME ZONE 'UTC'",
  "SET DateStyle = 'ISO, MDY'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 1',
  "SET bytea_output = 'hex'",
];

export async function prepareSession(query: Query): Promise<void> {
  for (const statement of SESSION) await query(statement);
}

/** Each row's md5, named so as not to meet a column's name. */
const ROW_MD5 = 'row_md5_of_upgrade_check';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of the public schema with their columns and primary keys. */
export async function describeTables(query: Query): Promise<Record<string, TableShape>> {
  const columns = await query(`
    SELECT c.relname AS "table", a.attname AS "column"
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
    ORDER BY c.relname, a.attnum`);
  const keys = await query(`
    SELECT c.relname AS "table", a.attname AS "column"
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position)
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
    WHERE n.nspname = 'public' AND i.indisprimary
    ORDER BY c.relname, k.position`);
  const tables: Record<string, TableShape> = {};
  for (const row of columns) {
    const table = String(row.table);
    (tables[table] ??= { columns: [], primaryKey: [] }).columns.push(String(row.column));
  }
  for (const row of keys) tables[String(row.table)]?.primaryKey.push(String(row.column));
  return tables;
}

/** Text keys sort byte by byte, so the order does not hang on the database's collation. */
async function orderBy(query: Query, table: string, shape: TableShape): Promise<string> {
  if (!shape.primaryKey.length) return ROW_MD5;
  const collatable = await query(`
    SELECT a.attname AS "column" FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
    WHERE a.attrelid = '${ident(table)}'::regclass AND t.typcollation <> 0`);
  const text = new Set(collatable.map((r) => String(r.column)));
  return shape.primaryKey.map((c) => (text.has(c) ? `${ident(c)} COLLATE "C"` : ident(c))).join(', ');
}

const rowText = (shape: TableShape) => `ROW(${shape.columns.map(ident).join(', ')})::text`;

/** The table's row count and the checksum of its rows over `shape.columns` (which may be fewer than it has now). */
export async function tableSums(query: Query, table: string, shape: TableShape): Promise<TableSums> {
  const order = await orderBy(query, table, shape);
  const [row] = await query(`
    SELECT count(*)::int AS rows, md5(coalesce(string_agg(${ROW_MD5}, '' ORDER BY ${order}), '')) AS checksum
    FROM (SELECT *, md5(${rowText(shape)}) AS ${ROW_MD5} FROM ${ident(table)}) AS t`);
  return { rows: Number(row!.rows), checksum: String(row!.checksum) };
}

/** Each row's checksum over `shape.columns`, keyed by its primary key as text: for tables compared row by row. */
export async function rowChecksums(query: Query, table: string, shape: TableShape): Promise<Record<string, string>> {
  const key = `ROW(${shape.primaryKey.map(ident).join(', ')})::text`;
  const rows = await query(`SELECT ${key} AS key, md5(${rowText(shape)}) AS h FROM ${ident(table)}`);
  return Object.fromEntries(rows.map((r) => [String(r.key), String(r.h)]));
}
