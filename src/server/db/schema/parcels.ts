import { index, integer, numeric, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { customers } from './customers';
import { devices, equipment } from './devices';

/** Container presets: dimensions only, the weight is entered per parcel. */
export const predefinedContainers = pgTable('predefined_containers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  length: numeric('length', { precision: 8, scale: 1 }).notNull(),
  width: numeric('width', { precision: 8, scale: 1 }).notNull(),
  height: numeric('height', { precision: 8, scale: 1 }).notNull(),
});

export const parcelDirection = pgEnum('parcel_direction', ['to_customer', 'from_customer']);

/** A parcel of a shipment of a device or equipment to or from a customer; inches and ounces. */
export const parcels = pgTable(
  'parcels',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    equipmentId: integer('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
    direction: parcelDirection('direction').notNull(),
    containerId: integer('container_id').references(() => predefinedContainers.id, { onDelete: 'set null' }),
    length: numeric('length', { precision: 8, scale: 1 }).notNull(),
    width: numeric('width', { precision: 8, scale: 1 }).notNull(),
    height: numeric('height', { precision: 8, scale: 1 }).notNull(),
    weight: numeric('weight', { precision: 8, scale: 1 }).notNull(),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('parcels_created_at_idx').on(t.createdAt, t.id),
    // The list sorted by weight, either way (ADR 054).
    index('parcels_weight_idx').on(t.weight, t.id),
  ],
);
