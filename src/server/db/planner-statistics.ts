import { sql } from 'drizzle-orm';
import type { Tx } from './types';
import { rowsOf } from './rows';

/**
 * Text columns a list search matches, whose planner statistics keep 1,000 values instead of the default 100. A
 * searched list trusts the planner's estimate of its matches to decide whether to count them (pages.ts,
 * SEARCH_COUNT_LIMIT): at a million customers the estimate for a surname was 2× off with 100 values, and within
 * about 30% with 1,000. Drizzle's schema cannot state a statistics target, so it is set after the migrations.
 */
const FINER_STATISTICS = [
  ['customers', 'name'],
  ['prospects', 'name'],
  ['prospects', 'address'],
  ['prospects', 'city'],
  ['subscription_cancellations', 'customer_name'],
] as const;

export const STATISTICS_TARGET = 1_000;

/**
 * Sets the finer statistics targets where not yet set (the next ANALYZE or autovacuum uses them). Only there: the
 * change locks the table against a vacuum running on it, which every start would otherwise wait for.
 */
export async function ensurePlannerStatistics(db: Tx): Promise<void> {
  const columns = sql.join(
    FINER_STATISTICS.map(([table, column]) => sql`(${table}::regclass, ${column}::name)`),
    sql`, `,
  );
  const unset = await rowsOf<{ table: string; column: string }>(
    db,
    sql`
    SELECT attrelid::regclass::text AS "table", attname::text AS "column" FROM pg_attribute
    WHERE (attrelid, attname) IN (${columns}) AND coalesce(attstattarget, -1) <> ${STATISTICS_TARGET}`,
  );
  for (const { table, column } of unset)
    await db.execute(
      sql`ALTER TABLE ${sql.identifier(table)} ALTER COLUMN ${sql.identifier(column)} SET STATISTICS ${sql.raw(String(STATISTICS_TARGET))}`,
    );
}
