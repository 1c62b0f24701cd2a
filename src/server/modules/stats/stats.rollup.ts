import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/types';
import { FACT_SOURCES, localDayIn, quoteLiteral, type FactSource } from './stats.facts';
import { rowsOf } from '../../db/rows';

/*
 * The daily and monthly rollups (stats_daily, stats_monthly) stay equal to the GROUP BY of the facts on every write, whoever makes it:
 * statement-level AFTER triggers with transition tables apply the facts of the rows each statement inserted, deleted
 * or changed, in one grouped upsert per statement (a bulk load of a million rows is one upsert of a few thousand).
 * Additive upserts commute, so concurrent writers need no coordination beyond the row locks of the upsert.
 */

// Rows are upserted in key order so that concurrent statements lock them in the same order (no deadlock).
const upsert = (select: string) => `WITH delta AS (
      SELECT metric, day, key, sum(value) AS value FROM (${select}) AS facts
      GROUP BY metric, day, key HAVING sum(value) <> 0
    ), daily AS (
      INSERT INTO stats_daily AS d (metric, day, key, value) SELECT * FROM delta ORDER BY metric, day, key
      ON CONFLICT (metric, day, key) DO UPDATE SET value = d.value + excluded.value
    )
    INSERT INTO stats_monthly AS m (metric, day, key, value)
    SELECT metric, date_trunc('month', day::timestamp)::date, key, sum(value) FROM delta
    GROUP BY 1, 2, 3 HAVING sum(value) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (metric, day, key) DO UPDATE SET value = m.value + excluded.value;`;

const negated = (select: string) => `SELECT metric, day, key, -value AS value FROM (${select}) AS old_facts`;

function triggerDdl(source: FactSource): string[] {
  const fn = `stats_rollup_${source.table}`;
  const local = localDayIn('tz');
  const added = source.facts('new_rows', local);
  const removed = negated(source.facts('old_rows', local));
  const metrics = source.metrics.map(quoteLiteral).join(', ');
  const triggers = (['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'] as const).flatMap((event) => {
    const name = `${fn}_${event.toLowerCase()}`;
    const transition = {
      INSERT: 'REFERENCING NEW TABLE AS new_rows',
      UPDATE: 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
      DELETE: 'REFERENCING OLD TABLE AS old_rows',
      TRUNCATE: '',
    }[event];
    return [
      `DROP TRIGGER IF EXISTS ${name} ON ${source.table}`,
      `CREATE TRIGGER ${name} AFTER ${event} ON ${source.table} ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    ];
  });
  return [
    `
CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  tz text := (SELECT time_zone FROM stats_rollup_state WHERE id = 1);
BEGIN
  -- Before the first build there is nothing to keep current: the build counts every row.
  IF tz IS NULL THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    ${upsert(added)}
  ELSIF TG_OP = 'DELETE' THEN
    ${upsert(removed)}
  ELSIF TG_OP = 'UPDATE' THEN
    ${upsert(`${added} UNION ALL ${removed}`)}
  ELSE
    DELETE FROM stats_daily WHERE metric IN (${metrics});
    DELETE FROM stats_monthly WHERE metric IN (${metrics});
  END IF;
  RETURN NULL;
END $fn$`,
    ...triggers,
  ];
}

const DDL = FACT_SOURCES.flatMap(triggerDdl);
/** Changes whenever a definition or the trigger code changes, so a deploy rebuilds the rollup. */
export const ROLLUP_VERSION = createHash('sha256').update(DDL.join(';\n')).digest('hex').slice(0, 16);

/** Rebuilds the rollup from the base tables: the GROUP BY of all facts. */
export async function rebuildRollup(tx: Tx, timeZone: string): Promise<void> {
  const local = localDayIn(quoteLiteral(timeZone));
  await tx.execute(sql`DELETE FROM stats_daily`);
  await tx.execute(sql`DELETE FROM stats_monthly`);
  for (const source of FACT_SOURCES) await tx.execute(sql.raw(upsert(source.facts(source.table, local))));
  await tx.execute(sql`
    INSERT INTO stats_rollup_state (id, version, time_zone, built_at) VALUES (1, ${ROLLUP_VERSION}, ${timeZone}, now())
    ON CONFLICT (id) DO UPDATE SET version = excluded.version, time_zone = excluded.time_zone, built_at = now()`);
}

/**
 * Installs the triggers and builds the rollup when they are missing, outdated or built for another time zone.
 * Runs at start; writers are held off (SHARE lock on the base tables) while a rebuild counts their rows.
 */
export async function ensureRollup(db: Db, timeZone: string): Promise<void> {
  const current = async (tx: Tx) => {
    const [state] = await rowsOf<{ version: string; time_zone: string }>(
      tx,
      sql`SELECT version, time_zone FROM stats_rollup_state WHERE id = 1`,
    );
    return state?.version === ROLLUP_VERSION && state.time_zone === timeZone;
  };
  if (await current(db)) return;
  await db.transaction(async (tx) => {
    // A rebuild counts every row: it may take minutes, longer than any request may (STATEMENT_TIMEOUT_MS).
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('stats_rollup'))`);
    // Another server starting on the same database may have built it while this one waited.
    if (await current(tx)) return;
    await tx.execute(sql.raw(`LOCK TABLE ${FACT_SOURCES.map((s) => s.table).join(', ')} IN SHARE MODE`));
    for (const statement of DDL) await tx.execute(sql.raw(statement));
    await rebuildRollup(tx, timeZone);
  });
}
