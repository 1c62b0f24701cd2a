import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const supplierFrequency = pgEnum('supplier_frequency', ['Monthly', 'Per Renewal']);
export const supplierBillingCycle = pgEnum('supplier_billing_cycle', [
  '30 Day',
  'Calendar Month',
  'Quarterly',
  'Annual',
]);

/** Line suppliers. The prorates/frequency/billing-cycle rules of §4 live in src/contract/suppliers.ts. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    prorates: boolean('prorates').notNull().default(false),
    supplierReport: boolean('supplier_report').notNull().default(false),
    frequency: supplierFrequency('frequency').notNull().default('Monthly'),
    billingCycle: supplierBillingCycle('billing_cycle').notNull().default('Calendar Month'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('suppliers_created_at_idx').on(t.createdAt, t.id),
    // The list's A–Z order, case-insensitive.
    index('suppliers_name_sort_idx').on(sql`(lower(${t.name}) collate "C")`, t.id),
  ],
);
