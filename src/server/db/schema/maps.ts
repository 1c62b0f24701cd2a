import { doublePrecision, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The last sketch of each large map layer (ADR 040): its points counted in cells of a grid, saved by an instance
 * that built the layer's index, so that an instance that starts answers from it while its own index builds. One row
 * per layer; a cache any instance rewrites, never a record.
 */
export const mapSketches = pgTable('map_sketches', {
  /** The layer's key in the cluster indexes (`members`, `visits:all:everyone`, ...). */
  key: text('key').primaryKey(),
  /** The layer's version its points were read at (layerVersion). */
  version: text('version').notNull(),
  /** Points in each cell. */
  counts: integer('counts').array().notNull(),
  /** Longitude and latitude of each cell in turn: the mean of its points. */
  coords: doublePrecision('coords').array().notNull(),
  /** The id of a cell's point when it holds one, else 0. */
  ids: integer('ids').array().notNull(),
  /** A lone point's flag (1 = the layer's second picture), else 0. */
  flags: smallint('flags').array().notNull(),
  /** Of every point, not of the cells' means: what a map fits to. */
  south: doublePrecision('south').notNull(),
  west: doublePrecision('west').notNull(),
  north: doublePrecision('north').notNull(),
  east: doublePrecision('east').notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
});
