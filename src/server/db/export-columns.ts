import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A column of a list's CSV export: its heading and its value in SQL, so that PostgreSQL writes the file (COPY) and
 * the embedded database's batches read the same lines (ADR 034). `text` columns follow the cell rule of
 * `contract/csv.ts` (a formula prefix, quotes); numbers and times need neither, as in `csvCell`.
 */
export interface ExportColumn {
  header: string;
  value: SQL;
  text: boolean;
}

type Value = PgColumn | SQL;

export const csvText = (header: string, value: Value): ExportColumn => ({
  header,
  value: sql`(${value})::text`,
  text: true,
});
export const csvNumber = (header: string, value: Value): ExportColumn => ({
  header,
  value: sql`(${value})::text`,
  text: false,
});
/** A number as JavaScript writes it (`12.5`, where a numeric reads `12.50`). */
export const csvDecimal = (header: string, value: Value): ExportColumn => csvNumber(header, sql`(${value})::float8`);
/** A time as `toISOString` writes it: UTC, milliseconds, `Z`. */
export const csvTime = (header: string, value: Value): ExportColumn => ({
  header,
  value: sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  text: false,
});
export const csvYesNo = (header: string, value: Value): ExportColumn => ({
  header,
  value: sql`case when ${value} then 'yes' else 'no' end`,
  text: false,
});
/** A label from a map of the contract (a state, a direction), the value itself where the map has none. */
export const csvLabel = (header: string, value: Value, labels: Record<string | number, string>): ExportColumn => ({
  header,
  value: sql`case (${value})::text ${sql.join(
    Object.entries(labels).map(([key, label]) => sql`when ${sql.raw(quote(key))} then ${sql.raw(quote(label))}`),
    sql` `,
  )} else (${value})::text end`,
  text: true,
});

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * One cell as `csvCell` writes it: a text starting with = + - @ tab or CR gets an apostrophe, and one holding a
 * quote, a comma or a line break is quoted. The value is written several times: a column reference costs nothing
 * more, and a function defined in the database would have to be migrated. Over a million names `ascii` (the first
 * character's code) cost a tenth of `left(…) in (…)`, and four `strpos` half of a regular expression.
 */
function cell({ value, text }: ExportColumn): SQL {
  if (!text) return sql`coalesce(${value}, '')`;
  const prefixed = sql`case when ascii(${value}) in (61, 43, 45, 64, 9, 13) then '''' || ${value} else ${value} end`;
  const quoted = sql`strpos(${value}, '"') > 0 or strpos(${value}, ',') > 0 or strpos(${value}, chr(10)) > 0 or strpos(${value}, chr(13)) > 0`;
  return sql`coalesce(case when ${quoted} then '"' || replace(${prefixed}, '"', '""') || '"' else ${prefixed} end, '')`;
}

/** A row's CSV line, ended with CRLF, as `csvLine` writes it. */
export const csvLineOf = (columns: ExportColumn[]): SQL<string> =>
  sql<string>`(${sql.join(columns.map(cell), sql` || ',' || `)} || chr(13) || chr(10))`;
