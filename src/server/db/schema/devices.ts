import {
  boolean,
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
import { customers } from './customers';
import { suppliers } from './suppliers';

/**
 * Phone models. The price has four decimals because the device price threshold (0.01, §9) decides what
 * deleting a line does; at two decimals a sub-cent price would round up to the threshold.
 */
export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  model: text('model').notNull(),
  price: numeric('price', { precision: 12, scale: 4 }).notNull().default('0.00'),
  imageUri: text('image_uri'),
});

/** Device statuses; id 4 is 'Available / In Service' (§9 default replacement status). */
export const deviceStatuses = pgTable('device_statuses', {
  id: integer('id').primaryKey(),
  description: text('description').notNull(),
});

/**
 * A device is a line (SIM + phone number) with, unless it is SIM Only, a phone built into it
 * (product + IMEI). Taking the phone out moves its model and IMEI to the equipment table.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    imei: text('imei'),
    sim: text('sim').notNull(),
    phone: text('phone'),
    productId: integer('product_id').references(() => products.id),
    deviceStatusId: integer('device_status_id')
      .notNull()
      .references(() => deviceStatuses.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    unavailable: boolean('unavailable').notNull().default(false),
    blacklistHold: boolean('blacklist_hold').notNull().default(false),
    lineDeletedAt: timestamp('line_deleted_at', { withTimezone: true }),
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_sim_idx').on(t.sim),
    index('devices_imei_idx').on(t.imei),
    // The last digits of an IMEI, as a range over the reversed text in byte order (devices.queries: imeiEndingIn).
    index('devices_imei_suffix_idx').on(sql`(reverse(${t.imei}) collate "C")`),
    index('devices_phone_idx').on(t.phone),
    index('devices_status_idx').on(t.deviceStatusId),
    // The list filtered by status, with or without a model, in its order (by id): without them, a rare status walked
    // every device's key until a page of it turned up.
    index('devices_status_id_idx').on(t.deviceStatusId, t.id),
    index('devices_status_product_idx').on(t.deviceStatusId, t.productId, t.id),
    // One model's devices (the cancellations list's product filter); the id in it spares a visit to each row.
    index('devices_product_idx').on(t.productId, t.id),
    index('devices_deployed_at_idx')
      .on(t.deployedAt.desc())
      .where(sql`${t.deployedAt} is not null`),
  ],
);

export const equipmentState = pgEnum('equipment_state', [
  'inventory',
  'hold',
  'unbuilt',
  'returning',
  'blacklist_hold',
]);

/** Phones outside a device: on hold, unbuilt, on their way back, blacklisted, or in inventory. */
export const equipment = pgTable(
  'equipment',
  {
    id: serial('id').primaryKey(),
    imei: text('imei').notNull(),
    productId: integer('product_id').references(() => products.id),
    state: equipmentState('state').notNull(),
    fromDeviceId: integer('from_device_id'),
    customerId: integer('customer_id').references(() => customers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('equipment_state_idx').on(t.state, t.id),
    // A tab sorted by the time its phones came into that state (ADR 023).
    index('equipment_state_updated_at_idx').on(t.state, t.updatedAt, t.id),
    index('equipment_imei_idx').on(t.imei),
    // The device page lists the phones taken out of it.
    index('equipment_from_device_idx').on(t.fromDeviceId),
  ],
);

export const loaners = pgTable(
  'loaners',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [index('loaners_device_idx').on(t.deviceId), index('loaners_customer_idx').on(t.customerId)],
);

/** Device swaps (replacements) and reset requests, by supplier, for the swap/reset charts. */
export const deviceSwaps = pgTable(
  'device_swaps',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id'),
    newDeviceId: integer('new_device_id'),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    customerId: integer('customer_id').references(() => customers.id),
    swappedAt: timestamp('swapped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The swaps list's order (ADR 015), and the range the stats facts read since a day.
    index('device_swaps_swapped_at_idx').on(t.swappedAt, t.id),
    // One supplier's swaps in list order: the swaps chart's point opens them.
    index('device_swaps_supplier_idx').on(t.supplierId, t.swappedAt, t.id),
  ],
);

export const resetRequests = pgTable(
  'reset_requests',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id'),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reset_requests_requested_at_idx').on(t.requestedAt)],
);
