import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/types';

/*
 * Bulk inserts as `INSERT … SELECT FROM unnest($1::int4[], $2::text[], …)`: one array parameter per column, so a batch
 * of any size is one statement with a handful of parameters, on PGlite and node-postgres alike.
 * Instants travel as epoch seconds and dates as day numbers: numbers serialize much faster than Date objects.
 */

export type ColumnType = 'int4' | 'float8' | 'text' | 'bool' | 'numeric' | 'epoch' | 'day' | `enum:${string}`;

export interface TableSpec {
  table: string;
  columns: readonly (readonly [name: string, type: ColumnType])[];
  /** Builds the statement for a batch of column arrays; an unnest insert unless given. */
  statement?: (columns: unknown[][]) => SQL;
}

function arrayType(type: ColumnType): string {
  if (type === 'epoch') return 'int8[]';
  if (type === 'day') return 'int4[]';
  if (type.startsWith('enum:')) return 'text[]';
  return `${type}[]`;
}

function selectExpression(column: string, type: ColumnType): string {
  if (type === 'epoch') return `to_timestamp(${column})`;
  if (type === 'day') return `date '1970-01-01' + ${column}`;
  if (type.startsWith('enum:')) return `${column}::${type.slice(5)}`;
  return column;
}

/** `SELECT … FROM unnest(…) AS u(c0, c1, …)` over the given arrays, with the select list built from the column types. */
export function unnestSelect(
  types: readonly ColumnType[],
  columns: unknown[][],
  select?: (alias: string, i: number) => string,
): SQL {
  const params = columns.map((values, i) => sql`${sql.param(values)}::${sql.raw(arrayType(types[i]!))}`);
  const aliases = types.map((_, i) => `c${i}`);
  const list = select ? types.map((_, i) => select(`u.c${i}`, i)) : types.map((t, i) => selectExpression(`u.c${i}`, t));
  return sql`SELECT ${sql.raw(list.join(', '))} FROM unnest(${sql.join(params, sql`, `)}) AS u(${sql.raw(aliases.join(', '))})`;
}

function insertStatement(spec: TableSpec, columns: unknown[][]): SQL {
  if (spec.statement) return spec.statement(columns);
  const names = spec.columns.map(([name]) => `"${name}"`).join(', ');
  return sql`INSERT INTO ${sql.identifier(spec.table)} (${sql.raw(names)}) ${unnestSelect(
    spec.columns.map(([, type]) => type),
    columns,
  )}`;
}

/** Where generated rows go: counted (to know the totals up front) or buffered for insertion. */
export interface RowSink {
  /** `rows` is how many table rows the values stand for (a renewal schedule expands to many). */
  add(spec: TableSpec, values: unknown[], rows?: number): void;
}

export class CountingSink implements RowSink {
  readonly rows = new Map<string, number>();

  add(spec: TableSpec, _values: unknown[], rows = 1): void {
    this.rows.set(spec.table, (this.rows.get(spec.table) ?? 0) + rows);
  }
}

class ColumnBuffer {
  columns: unknown[][];
  rows = 0;

  constructor(readonly spec: TableSpec) {
    this.columns = spec.columns.map(() => []);
  }

  add(values: unknown[], rows: number) {
    for (let i = 0; i < values.length; i++) this.columns[i]!.push(values[i]);
    this.rows += rows;
  }
}

/**
 * Buffers rows by table and writes the tables in the order given (parents before children). One batch of statements
 * runs while the caller generates the next; statements never overlap, so the order holds inside a transaction too.
 */
export class BufferedWriter implements RowSink {
  private readonly buffers: Map<TableSpec, ColumnBuffer>;
  private pending: Promise<void> = Promise.resolve();
  private failure: unknown;

  constructor(
    private readonly db: Tx,
    tablesInOrder: readonly TableSpec[],
    private readonly onWritten: (table: string, rows: number) => void,
  ) {
    this.buffers = new Map(tablesInOrder.map((spec) => [spec, new ColumnBuffer(spec)]));
  }

  add(spec: TableSpec, values: unknown[], rows = 1): void {
    const buffer = this.buffers.get(spec);
    if (!buffer) throw new Error(`table ${spec.table} is not in the writer's order`);
    buffer.add(values, rows);
  }

  /** Queues every buffered table; resolves when the previously queued statements are done. */
  async flush(): Promise<void> {
    const before = this.pending;
    for (const buffer of this.buffers.values()) {
      if (buffer.columns[0]!.length === 0) continue;
      const { spec, columns, rows } = buffer;
      buffer.columns = spec.columns.map(() => []);
      buffer.rows = 0;
      this.pending = this.pending.then(async () => {
        if (this.failure !== undefined) return;
        try {
          await this.db.execute(insertStatement(spec, columns));
          this.onWritten(spec.table, rows);
        } catch (err) {
          this.failure = err;
        }
      });
    }
    await before;
    this.throwIfFailed();
  }

  /** Writes everything still buffered and waits for it. */
  async finish(): Promise<void> {
    await this.flush();
    await this.pending;
    this.throwIfFailed();
  }

  private throwIfFailed() {
    if (this.failure !== undefined) throw this.failure;
  }
}
