import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Any part of the name, typos included (pg_trgm): the customer search of §2.
    index('customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // Names starting with the query, already in display order: trigrams alone are slow for 3-character queries.
    index('customers_name_prefix_idx').on(sql`(lower(${t.name}) collate "C")`, t.id),
    // The customers list is newest first.
    index('customers_created_at_idx').on(t.createdAt, t.id),
    index('customers_phone_idx').on(t.phone),
    index('customers_email_lower_idx').on(sql`lower(${t.email})`),
    // Any part of an e-mail address ("jsmith", "@example"): the search finds customers by it too.
    index('customers_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const referralCodes = pgTable('referral_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  customerId: integer('customer_id').references(() => customers.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
