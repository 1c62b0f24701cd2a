import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { customers } from './customers';
import { carriers, subscriptions } from './subscriptions';

/** Two-level actions: `parentId` null is top level (§3). */
export const prospectActions = pgTable('prospect_actions', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  description: text('description').notNull(),
  position: integer('position').notNull().default(0),
});

export const topographies = pgTable('topographies', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  isOther: boolean('is_other').notNull().default(false),
  position: integer('position').notNull().default(0),
});

export const locationSource = pgEnum('location_source', ['device', 'zip']);

/**
 * What the prospects list sorts a visit by when sorted by name: the name it shows (the address of a visit with no
 * name), case-insensitive, byte by byte (as the customers' and suppliers' name sorts).
 */
export const prospectSortName = (t: { name: AnyPgColumn; address: AnyPgColumn }) =>
  sql<string>`(lower(coalesce(nullif(${t.name}, ''), ${t.address})) collate "C")`;

/** A field rep's visit to a prospect. Converted once the prospect becomes a subscriber. */
export const prospects = pgTable(
  'prospects',
  {
    id: serial('id').primaryKey(),
    repId: integer('rep_id')
      .notNull()
      .references(() => users.id),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id').references(() => customers.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    locationSource: locationSource('location_source'),
    newConstruction: boolean('new_construction').notNull().default(false),
    prospectActionId: integer('prospect_action_id')
      .notNull()
      .references(() => prospectActions.id),
    actionTaken: text('action_taken'),
    offeredPromotion: boolean('offered_promotion').notNull().default(false),
    comments: text('comments'),
    revenue: numeric('revenue', { precision: 10, scale: 2 }).notNull().default('0.00'),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prospects_created_at_idx').on(t.createdAt, t.id),
    // The list sorted by the name it shows (the address of a visit with no name), case-insensitive (ADR 054).
    index('prospects_name_sort_idx').on(prospectSortName(t), t.id),
    index('prospects_converted_at_idx').on(t.convertedAt),
    index('prospects_rep_idx').on(t.repId),
    // Coverage near a place (coverage-near.ts): a box of latitudes, narrowed by longitude in the index.
    index('prospects_position_idx').on(t.lat, t.lng),
    // The list's search: any part of the name, address, city or ZIP (pg_trgm), one bitmap per column, or-ed.
    index('prospects_search_trgm_idx').using(
      'gin',
      t.name.op('gin_trgm_ops'),
      t.address.op('gin_trgm_ops'),
      t.city.op('gin_trgm_ops'),
      t.zip.op('gin_trgm_ops'),
    ),
  ],
);

/** Three mbps readings per carrier; 0 means no service. */
export const prospectSpeedTests = pgTable(
  'prospect_speed_tests',
  {
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    reading1: numeric('reading1', { precision: 8, scale: 2 }).notNull(),
    reading2: numeric('reading2', { precision: 8, scale: 2 }).notNull(),
    reading3: numeric('reading3', { precision: 8, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.prospectId, t.carrierId] })],
);

export const prospectTopographies = pgTable(
  'prospect_topographies',
  {
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    topographyId: integer('topography_id')
      .notNull()
      .references(() => topographies.id),
  },
  (t) => [primaryKey({ columns: [t.prospectId, t.topographyId] })],
);
