import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { FACT_SOURCES, isReturnSql, localDayIn, quoteLiteral, sourceOf } from './stats.facts';
import type { Grain } from './stats.periods';
import { rowsOf } from '../../db/rows';

export interface PeriodSum {
  metric: string;
  key: number;
  /** First day of the period, 'YYYY-MM-DD'. */
  period: string;
  value: number;
}

/** Where the sums of the facts come from: the rollup (what requests use) or the base tables (the naive way). */
export interface SumSource {
  /** Sums by metric, key and period over the days from..to (inclusive). */
  periodSums(db: Tx, metrics: string[], grain: Grain, from: string, to: string): Promise<PeriodSum[]>;
  /** Sums by metric over all days before `day`. */
  sumsBefore(db: Tx, metrics: string[], day: string): Promise<Map<string, number>>;
  /** The first day with a non-zero fact of any of the metrics. */
  firstDay(db: Tx, metrics: string[]): Promise<string | null>;
}

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;
const periodOf = (grain: Grain) => sql.raw(`to_char(date_trunc('${grain}', day::timestamp), 'YYYY-MM-DD')`);

function toMap(list: { metric: string; value: number | string }[]) {
  return new Map(list.map((r) => [r.metric, Number(r.value)]));
}

const monthly = (grain: Grain) => grain === 'month' || grain === 'year';

/** Days and weeks read the daily rollup; months, years and running totals mostly the monthly one. */
export const rollupSums: SumSource = {
  periodSums: (db, metrics, grain, from, to) =>
    rowsOf<PeriodSum>(
      db,
      sql`SELECT metric, key, ${periodOf(grain)} AS period, sum(value)::float8 AS value
          FROM ${sql.raw(monthly(grain) ? 'stats_monthly' : 'stats_daily')}
          WHERE metric = ANY(${textArray(metrics)}) AND day BETWEEN ${from}::date AND ${to}::date
          GROUP BY 1, 2, 3`,
    ),
  sumsBefore: async (db, metrics, day) =>
    toMap(
      await rowsOf(
        db,
        sql`WITH bounds AS (SELECT date_trunc('month', ${day}::date::timestamp)::date AS month_start)
            SELECT metric, sum(value)::float8 AS value FROM (
              SELECT metric, value FROM stats_monthly, bounds
              WHERE metric = ANY(${textArray(metrics)}) AND day < bounds.month_start
              UNION ALL
              SELECT metric, value FROM stats_daily, bounds
              WHERE metric = ANY(${textArray(metrics)}) AND day >= bounds.month_start AND day < ${day}::date
            ) AS before GROUP BY metric`,
      ),
    ),
  firstDay: async (db, metrics) => {
    const [row] = await rowsOf<{ day: string | null }>(
      db,
      sql`SELECT to_char(min(first.day), 'YYYY-MM-DD') AS day FROM unnest(${textArray(metrics)}) AS m(metric)
          CROSS JOIN LATERAL (
            SELECT day FROM stats_monthly d WHERE d.metric = m.metric AND d.value <> 0 ORDER BY day LIMIT 1
          ) AS first`,
    );
    return row?.day ?? null;
  },
};

/**
 * The naive way, kept for the benchmark and the rollup's proof: one GROUP BY over the base tables per request,
 * with the same facts, filtered on the instant columns (and their indexes) when a start day is known.
 */
export function naiveSums(timeZone: string): SumSource {
  const tz = quoteLiteral(timeZone);
  const facts = (metrics: string[], fromDay?: string) =>
    [...new Set(metrics.map((m) => sourceOf(m)))]
      .map((source) => {
        const since = fromDay ? `(${quoteLiteral(fromDay)}::timestamp AT TIME ZONE ${tz})` : null;
        const filter =
          since && source.instants.length
            ? ` WHERE ${source.instants.map((c) => `${c} >= ${since}`).join(' OR ')}`
            : '';
        return source.facts(`(SELECT * FROM ${source.table}${filter})`, localDayIn(tz));
      })
      .join(' UNION ALL ');
  return {
    periodSums: (db, metrics, grain, from, to) =>
      rowsOf<PeriodSum>(
        db,
        sql`SELECT metric, key, ${periodOf(grain)} AS period, sum(value)::float8 AS value FROM (${sql.raw(facts(metrics, from))}) AS f
            WHERE metric = ANY(${textArray(metrics)}) AND day BETWEEN ${from}::date AND ${to}::date
            GROUP BY 1, 2, 3`,
      ),
    sumsBefore: async (db, metrics, day) =>
      toMap(
        await rowsOf(
          db,
          sql`SELECT metric, sum(value)::float8 AS value FROM (${sql.raw(facts(metrics))}) AS f
              WHERE metric = ANY(${textArray(metrics)}) AND day < ${day}::date GROUP BY metric`,
        ),
      ),
    firstDay: async (db, metrics) => {
      const [row] = await rowsOf<{ day: string | null }>(
        db,
        sql`SELECT to_char(min(day), 'YYYY-MM-DD') AS day FROM (
              SELECT metric, day, key FROM (${sql.raw(facts(metrics))}) AS f WHERE metric = ANY(${textArray(metrics)})
              GROUP BY 1, 2, 3 HAVING sum(value) <> 0) AS d`,
      );
      return row?.day ?? null;
    },
  };
}

/** A whole rollup table and the whole GROUP BY of the facts by the same grain, for proving they are equal. */
export async function rollupContents(db: Tx, grain: 'day' | 'month'): Promise<PeriodSum[]> {
  return rowsOf<PeriodSum>(
    db,
    sql`SELECT metric, key, to_char(day, 'YYYY-MM-DD') AS period, value::float8 AS value
        FROM ${sql.raw(grain === 'day' ? 'stats_daily' : 'stats_monthly')} WHERE value <> 0 ORDER BY 1, 3, 2`,
  );
}

export async function naiveContents(db: Tx, timeZone: string, grain: 'day' | 'month'): Promise<PeriodSum[]> {
  const local = localDayIn(quoteLiteral(timeZone));
  const all = FACT_SOURCES.map((s) => s.facts(s.table, local)).join(' UNION ALL ');
  return rowsOf<PeriodSum>(
    db,
    sql.raw(`SELECT metric, key, to_char(date_trunc('${grain}', day::timestamp), 'YYYY-MM-DD') AS period,
               sum(value)::float8 AS value FROM (${all}) AS f
             GROUP BY 1, 2, 3 HAVING sum(value) <> 0 ORDER BY 1, 3, 2`),
  );
}

export interface NamedColumn {
  id: number;
  name: string;
  /** Retired cancellation reasons only appear while they have counts. */
  active: boolean;
}

export const cancellationReasonColumns = (db: Tx) =>
  rowsOf<NamedColumn>(db, sql`SELECT id, name, active FROM cancellation_reasons ORDER BY position, id`);
export const returnReasonColumns = (db: Tx) =>
  rowsOf<NamedColumn>(db, sql`SELECT id, name, true AS active FROM return_reasons ORDER BY position, id`);
export const supplierColumns = (db: Tx) =>
  rowsOf<NamedColumn>(db, sql`SELECT id, name, true AS active FROM suppliers ORDER BY name, id`);

/** The model the returns by model name lines with no phone after. */
const SIM_ONLY = 'SIM Only';

/**
 * 21-day returns (the rule of stats.facts.ts) of the subscriptions of the latest `limit` deployed devices, by model.
 * The order (DESC NULLS LAST) is exactly that of devices_deployed_at_idx, so the latest devices are read from the
 * index instead of sorting every device.
 */
export function returnsByModel(db: Tx, limit: number, timeZone: string) {
  const local = localDayIn(quoteLiteral(timeZone));
  return rowsOf<{ productId: number | null; model: string; returns: number }>(
    db,
    sql`WITH latest AS (
          SELECT id, product_id FROM devices WHERE deployed_at IS NOT NULL ORDER BY deployed_at DESC NULLS LAST LIMIT ${limit}
        )
        SELECT p.id AS "productId", coalesce(p.model, ${sql.raw(quoteLiteral(SIM_ONLY))}) AS model,
               count(s.id) FILTER (WHERE ${sql.raw(isReturnSql(local('s.ordered_at'), local('s.cancelled_at')))})::int AS returns
        FROM latest d
        LEFT JOIN products p ON p.id = d.product_id
        LEFT JOIN subscriptions s ON s.device_id = d.id
        GROUP BY 1, 2 ORDER BY returns DESC, model, 1`,
  );
}

/**
 * Whether the returns by model can ever count a model of this name: a phone model's, or 'SIM Only' (lines with no
 * phone), spelled exactly as the chart shows it.
 */
export async function isModelCounted(db: Tx, model: string): Promise<boolean> {
  if (model === SIM_ONLY) return true;
  const [row] = await rowsOf<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM products WHERE model = ${model} LIMIT 1`,
  );
  return !!row;
}

/** Unapplied credits due in each of `weeks` weeks from `today`, and those due after them. */
export async function creditsDue(db: Tx, today: string, weeks: number) {
  return rowsOf<{ week: number; amount: string }>(
    db,
    sql`SELECT least((due_on - ${today}::date) / 7, ${weeks})::int AS week, sum(amount)::numeric(14, 2)::text AS amount
        FROM credits WHERE applied_at IS NULL AND due_on >= ${today}::date GROUP BY 1 ORDER BY 1`,
  );
}
