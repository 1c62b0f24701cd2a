import type { SQL } from 'drizzle-orm';
import type { Tx } from './types';

/**
 * The rows of a raw SQL query, typed by the caller. Both drivers answer `execute` with `{ rows }`, which Drizzle's
 * driver-neutral handle types as unknown: this is the one place that says so.
 */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
