import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers, referralCodes } from './customers';
import { devices } from './devices';

/** 1 AT&T, 2 Sprint, 3 T-Mobile, 4 Verizon; `seriesKey` is the chart row field (§3 "blue, yellow, pink, red"). */
export const carriers = pgTable('carriers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  seriesKey: text('series_key').notNull(),
  color: text('color').notNull(),
});

export const orderSource = pgEnum('order_source', ['direct', 'google_cpc', 'referral', 'plan_lookup_promo']);
export const subscriptionStatus = pgEnum('subscription_status', ['active', 'cancelled']);

/**
 * Reasons staff record for a cancellation, shown in the picker in `position` order; retired ones stay on history.
 * Names are unique regardless of case: "Moved" and "moved" would be the same reason to a person.
 */
export const cancellationReasons = pgTable(
  'cancellation_reasons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cancellation_reasons_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** Reasons a customer gives for a return within the 21-day window. */
export const returnReasons = pgTable('return_reasons', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull(),
});

/** A subscription is created by a new order (its `orderedAt`); see docs/decisions. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    source: orderSource('source').notNull().default('direct'),
    referralCodeId: integer('referral_code_id').references(() => referralCodes.id),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    status: subscriptionStatus('status').notNull().default('active'),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReasonId: integer('cancellation_reason_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_ordered_at_idx').on(t.orderedAt, t.id),
    // The list's status and carrier filters, each read in list order (ADR 015).
    index('subscriptions_status_ordered_at_idx').on(t.status, t.orderedAt, t.id),
    index('subscriptions_carrier_ordered_at_idx').on(t.carrierId, t.orderedAt, t.id),
    index('subscriptions_carrier_status_ordered_at_idx').on(t.carrierId, t.status, t.orderedAt, t.id),
    // The list sorted by cancellation date (ADR 054), and every range of cancellation dates.
    index('subscriptions_cancelled_at_id_idx').on(t.cancelledAt, t.id),
    index('subscriptions_customer_idx').on(t.customerId),
    index('subscriptions_device_idx').on(t.deviceId),
    // Whether a reason is in use (it may then only be retired, not deleted) is one probe of this index.
    index('subscriptions_cancellation_reason_idx').on(t.cancellationReasonId),
    index('subscriptions_needs_reason_idx')
      .on(t.cancelledAt, t.id)
      .where(sql`${t.status} = 'cancelled' and ${t.cancellationReasonId} = 0`),
  ],
);

/** A cancellation; `isReturn` is true when it came within the 21-day returns window of the order. */
export const subscriptionCancellations = pgTable(
  'subscription_cancellations',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull(),
    isReturn: boolean('is_return').notNull(),
    cancellationReasonId: integer('cancellation_reason_id').notNull().default(0),
    returnReasonId: integer('return_reason_id').references(() => returnReasons.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The customer's name, copied by triggers (migration 0003) on insert and on a rename, so a search by name reads
     * this table alone: through the joins it cost O(table) at a million customers.
     */
    customerName: text('customer_name'),
    /**
     * The subscription's carrier, copied by the same trigger (migration 0014) and on a change of carrier, so the
     * list's carrier filter reads one index in list order: through the join a small carrier's page walked the list.
     */
    carrierId: integer('carrier_id'),
  },
  (t) => [
    index('cancellations_cancelled_at_idx').on(t.cancelledAt, t.id),
    // The list's search by customer name (pg_trgm), any part of it.
    index('cancellations_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
    // The list's type filter (21-day returns or later cancellations), read in list order.
    index('cancellations_type_cancelled_at_idx').on(t.isReturn, t.cancelledAt, t.id),
    index('cancellations_subscription_idx').on(t.subscriptionId),
    // One carrier's cancellations (the list's carrier filter), read in list order.
    index('cancellations_carrier_cancelled_at_idx').on(t.carrierId, t.cancelledAt, t.id),
    // One reason's cancellations (the list's reason filter), read in list order.
    index('cancellations_cancellation_reason_idx').on(t.cancellationReasonId, t.cancelledAt, t.id),
    // One return reason's cancellations (the list's return reason filter), read in list order.
    index('cancellations_return_reason_idx').on(t.returnReasonId, t.cancelledAt, t.id),
    index('cancellations_needs_reason_idx')
      .on(t.cancelledAt, t.id)
      .where(sql`${t.cancellationReasonId} = 0`),
  ],
);

/** Monthly renewal payments: gross charged and estimated net after fees and carrier costs. */
export const renewals = pgTable(
  'renewals',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull(),
    gross: numeric('gross', { precision: 10, scale: 2 }).notNull(),
    net: numeric('net', { precision: 10, scale: 2 }).notNull(),
  },
  (t) => [index('renewals_renewed_at_idx').on(t.renewedAt), index('renewals_subscription_idx').on(t.subscriptionId)],
);

/** Credits owed to customers, due on a date; `appliedAt` set once used. */
export const credits = pgTable(
  'credits',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    dueOn: date('due_on').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('credits_due_on_idx').on(t.dueOn), index('credits_customer_idx').on(t.customerId)],
);
