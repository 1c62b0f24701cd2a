import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { csvQuoted } from '../../contract/csv';

/**
 * A column of a list's CSV export: its heading and its cell in SQL, as text (null for an empty cell). PostgreSQL
 * writes the file from the cells (`COPY … (FORMAT csv)`, which quotes as `csvCell` does) and the embedded
 * database's batches join the same cells with `csvRecord` (ADR 038).
 */
export interface ExportColumn {
  header: string;
  value: SQL<string | null>;
}

type Value = PgColumn | SQL;

/**
 * A text as `csvCell` writes it before quoting: one starting with = + - @ tab or CR gets an apostrophe. Over a
 * million names `ascii` (the first character's code) cost a tenth of `left(…) in (…)`. An empty text is null:
 * COPY quotes an empty string ("") to tell it from a null, where `csvCell` writes nothing for both.
 */
const prefixed = (text: SQL) =>
  sql<
    string | null
  >`nullif(case when ascii(${text}) in (61, 43, 45, 64, 9, 13) then '''' || ${text} else ${text} end, '')`;

export const csvText = (header: string, value: Value): ExportColumn => ({
  header,
  value: prefixed(sql`(${value})::text`),
});
export const csvNumber = (header: string, value: Value): ExportColumn => ({
  header,
  value: sql<string | null>`(${value})::text`,
});
/** A number as JavaScript writes it (`12.5`, where a numeric reads `12.50`). */
export const csvDecimal = (header: string, value: Value): ExportColumn => csvNumber(header, sql`(${value})::float8`);
/** A time as `toISOString` writes it: UTC, milliseconds, `Z`. */
export const csvTime = (header: string, value: Value): ExportColumn => ({
  header,
  value: sql<string | null>`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
});
export const csvYesNo = (header: string, value: Value): ExportColumn => ({
  header,
  value: sql<string | null>`case when ${value} then 'yes' else 'no' end`,
});
/** A label from a map of the contract (a state, a direction), the value itself where the map has none. */
export const csvLabel = (header: string, value: Value, labels: Record<string | number, string>): ExportColumn => ({
  header,
  value: prefixed(
    sql`case (${value})::text ${sql.join(
      Object.entries(labels).map(([key, label]) => sql`when ${sql.raw(quote(key))} then ${sql.raw(quote(label))}`),
      sql` `,
    )} else (${value})::text end`,
  ),
});

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The cells of an export's row as select fields, named `c0`, `c1`, … in the columns' order. */
export const exportCells = (columns: ExportColumn[]): Record<string, SQL.Aliased<string | null>> =>
  Object.fromEntries(columns.map((column, i) => [`c${i}`, column.value.as(`c${i}`)]));

/** A row's CSV line from its cells, as `COPY … (FORMAT csv)` writes it: null empty, the rest quoted as needed. */
export const csvRecord = (cells: Record<string, string | null>, width: number): string => {
  let line = '';
  for (let i = 0; i < width; i++) {
    const cell = cells[`c${i}`];
    line += (i ? ',' : '') + (cell === null || cell === undefined ? '' : csvQuoted(cell));
  }
  return `${line}\n`;
};
