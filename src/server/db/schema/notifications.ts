import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';

/**
 * A figure of the dashboard watched for its owner (ADR 059): a KPI tile or one series of a trend chart in a view,
 * checked at a frequency; `firing` is whether the condition held at the last check, so a crossing mails once.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `kpi:<tile>` or `trend:<endpoint>:<series>` (src/contract/notifications.ts). */
    metric: text('metric').notNull(),
    /** The figure as the page names it ("Churn · rate"), for the e-mails and the list of rules. */
    label: text('label').notNull(),
    view: text('view').notNull(),
    condition: text('condition').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    frequency: text('frequency').notNull(),
    /** Other staff a team rule mails besides its owner (Administrators only). */
    recipientIds: integer('recipient_ids').array().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    firing: boolean('firing').notNull().default(false),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastValue: doublePrecision('last_value'),
    /** Why the last check or e-mail failed (an SMTP refusal, figures the owner may no longer see); null when it went well. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_rules_owner_idx').on(t.ownerId), index('alert_rules_next_check_idx').on(t.nextCheckAt)],
);

/** What a rule did: fired when its condition became true, back to normal when it stopped being so. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: doublePrecision('value').notNull(),
    previous: doublePrecision('previous'),
    /** `pending` until its e-mails are sent (`sent`), `muted` when the rule was snoozed, `failed` after a day of trying. */
    delivery: text('delivery').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_events_rule_idx').on(t.ruleId, t.createdAt),
    index('alert_events_pending_idx').on(t.createdAt).where(sql`${t.delivery} = 'pending'`),
  ],
);

/** A person's digest of the dashboard, mailed at a business-time hour; one per person. */
export const digestSubscriptions = pgTable(
  'digest_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cadence: text('cadence').notNull(),
    /** 0 (Sunday) to 6, for a weekly digest. */
    weekday: smallint('weekday'),
    hour: smallint('hour').notNull(),
    /** Trend charts drawn in it, `{endpoint}-{view}`. */
    charts: text('charts').array().notNull().default([]),
    /** The due time last sent (or, at the start, the one before the subscription): a due time is mailed once. */
    lastDueAt: timestamp('last_due_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('digest_subscriptions_user_idx').on(t.userId)],
);
