import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions';

/** Site visitors per business day. */
export const siteVisits = pgTable('site_visits', {
  day: date('day').primaryKey(),
  visitors: integer('visitors').notNull(),
});

/** Plan lookup requests from the web site; converted when they lead to a subscription. */
export const planLookupRequests = pgTable(
  'plan_lookup_requests',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  },
  (t) => [index('plan_lookup_requests_requested_at_idx').on(t.requestedAt)],
);

/** Drip promo e-mails sent to plan lookup requesters. */
export const promoEmails = pgTable(
  'promo_emails',
  {
    id: serial('id').primaryKey(),
    planLookupRequestId: integer('plan_lookup_request_id')
      .notNull()
      .references(() => planLookupRequests.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
  },
  (t) => [index('promo_emails_sent_at_idx').on(t.sentAt)],
);
