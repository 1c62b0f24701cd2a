import { date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Daily rollup of every trend series: one row per metric, business-local day and key (a carrier, reason, supplier,
 * or 0). Kept equal to the GROUP BY over the base tables by statement-level triggers that the stats module installs
 * (src/server/modules/stats/stats.rollup.ts); see docs/decisions.
 */
export const statsDaily = pgTable(
  'stats_daily',
  {
    metric: text('metric').notNull(),
    day: date('day').notNull(),
    key: integer('key').notNull().default(0),
    value: numeric('value', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.key] })],
);

/** The same sums by business-local month (`day` = the first of the month), for the long views and running totals. */
export const statsMonthly = pgTable(
  'stats_monthly',
  {
    metric: text('metric').notNull(),
    day: date('day').notNull(),
    key: integer('key').notNull().default(0),
    value: numeric('value', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.key] })],
);

/** Which trigger version and business time zone the rollup was last built for; a mismatch rebuilds it at start. */
export const statsRollupState = pgTable('stats_rollup_state', {
  id: integer('id').primaryKey(),
  version: text('version').notNull(),
  timeZone: text('time_zone').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});
