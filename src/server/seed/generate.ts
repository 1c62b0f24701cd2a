import { getTableName, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/types';
import { customers, devices, planLookupRequests, prospects, referralCodes, subscriptions } from '../db/schema';
import { BufferedWriter, CountingSink, type RowSink } from './bulk-insert';
import { BusinessClock, daysFromCivil, civilFromDays } from './calendar';
import { insertCatalog } from './catalog';
import { deferIndexes } from './deferred-indexes';
import { emitCustomer } from './customers';
import { emitInventory } from './inventory';
import { emitProspect } from './prospects';
import { emitSiteVisits } from './site-visits';
import {
  CANCELLATIONS,
  CREDITS,
  CUSTOMERS,
  DEVICES,
  DEVICE_SWAPS,
  EQUIPMENT,
  LOANERS,
  LOOKUP_REQUESTS,
  PARCELS,
  PROMO_EMAILS,
  PROSPECTS,
  PROSPECT_TOPOGRAPHIES,
  REFERRAL_CODES,
  RESET_REQUESTS,
  renewalSchedules,
  SITE_VISITS,
  SPEED_TESTS,
  SUBSCRIPTIONS,
} from './tables';
import { orderWeight, prospectWeight, Timeline } from './timeline';
import { Cursor, type World } from './world';

export type Scale = 'demo' | 'large';

/** `years` full calendar years of history before the current one; `chunk` customers are generated per batch. */
export const SCALES: Record<
  Scale,
  { customers: number; years: number; reps: number; prospects: number; chunk: number }
> = {
  demo: { customers: 2_500, years: 6, reps: 6, prospects: 1_200, chunk: 2_500 },
  large: { customers: 1_000_000, years: 10, reps: 10, prospects: 120_000, chunk: 10_000 },
};

export const DEFAULT_SEED = 1;

export interface Progress {
  table: string;
  tableRows: number;
  tableTotal: number;
  rows: number;
  total: number;
}

export interface GenerateOptions {
  scale: Scale;
  seed?: number;
  timeZone: string;
  /** The moment the history ends; tests pin it so the data does not depend on the day they run. */
  now?: Date;
  onProgress?: (progress: Progress) => void;
  /** Announces the steps that write no rows: counting them first, rebuilding indexes at the end. */
  onStep?: (step: string) => void;
}

export interface GenerateResult {
  rows: Record<string, number>;
  total: number;
  seconds: number;
}

export async function hasCustomers(db: Tx): Promise<boolean> {
  return (await db.select({ id: customers.id }).from(customers).limit(1)).length > 0;
}

/** Explicit ids continue after whatever the table already holds; the sequences are moved past them at the end. */
const EXPLICIT_IDS = { customers, referralCodes, devices, subscriptions, planLookupRequests, prospects };
type IdTable = keyof typeof EXPLICIT_IDS;

async function maxIds(db: Tx): Promise<Record<IdTable, number>> {
  const ids = {} as Record<IdTable, number>;
  for (const [name, table] of Object.entries(EXPLICIT_IDS)) {
    const [row] = await db.select({ id: max(table.id) }).from(table);
    ids[name as IdTable] = row?.id ?? 0;
  }
  return ids;
}

async function moveSequences(db: Tx): Promise<void> {
  for (const table of Object.values(EXPLICIT_IDS)) {
    const name = getTableName(table);
    await db.execute(
      sql`SELECT setval(pg_get_serial_sequence(${name}, 'id'), greatest((SELECT max(id) FROM ${table}), 1))`,
    );
  }
}

/** Generates every table in batches; `sink` gets the rows, `afterBatch` runs between batches (to write them). */
async function emitAll(world: World, chunk: number, sink: RowSink, afterBatch: () => Promise<void>): Promise<void> {
  const cursor = new Cursor(world.customers);
  for (let from = 0; from < world.customers; from += chunk) {
    const to = Math.min(from + chunk, world.customers);
    for (let i = from; i < to; i++) emitCustomer(world, i, cursor, sink);
    await afterBatch();
  }
  emitInventory(world, cursor, sink);
  for (let from = 0; from < world.prospectCount; from += chunk) {
    const to = Math.min(from + chunk, world.prospectCount);
    for (let k = from; k < to; k++) emitProspect(world, k, cursor, sink);
    await afterBatch();
  }
  emitSiteVisits(world, sink);
  await afterBatch();
}

/**
 * Loads a whole, realistic history ending now, in one transaction: all of it or nothing. The same seed, scale, time
 * zone and `now` give the same rows.
 */
export async function generate(db: Db, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const { scale, seed = DEFAULT_SEED, timeZone } = options;
  const size = SCALES[scale];
  const clock = new BusinessClock(timeZone, options.now ?? new Date());
  const firstDay = daysFromCivil(civilFromDays(clock.today).year - size.years, 1, 1);

  return db.transaction(async (tx) => {
    const catalog = await insertCatalog(tx, { seed, reps: size.reps, clock, firstDay });
    const lastIds = await maxIds(tx);
    const world: World = {
      seed,
      clock,
      orders: new Timeline(firstDay, clock.today, orderWeight(seed, firstDay)),
      // The field team started a year into the business.
      prospects: new Timeline(firstDay + 365, clock.today, prospectWeight(seed, firstDay)),
      customers: size.customers,
      prospectCount: size.prospects,
      catalog,
      renewals: renewalSchedules(timeZone),
      ids: {
        customer: lastIds.customers,
        device: lastIds.devices,
        subscription: lastIds.subscriptions,
        referralCode: lastIds.referralCodes,
        lookup: lastIds.planLookupRequests,
        prospect: lastIds.prospects,
      },
    };

    // A dry run counts the rows first, so progress can show totals.
    options.onStep?.('counting rows');
    const planned = new CountingSink();
    await emitAll(world, size.chunk, planned, async () => {});
    const totals = Object.fromEntries(planned.rows);
    const total = [...planned.rows.values()].reduce((a, b) => a + b, 0);

    const tables = [
      CUSTOMERS,
      REFERRAL_CODES,
      DEVICES,
      SUBSCRIPTIONS,
      CANCELLATIONS,
      world.renewals,
      CREDITS,
      LOOKUP_REQUESTS,
      PROMO_EMAILS,
      DEVICE_SWAPS,
      RESET_REQUESTS,
      PARCELS,
      EQUIPMENT,
      LOANERS,
      PROSPECTS,
      SPEED_TESTS,
      PROSPECT_TOPOGRAPHIES,
      SITE_VISITS,
    ];
    const written: Record<string, number> = {};
    let rows = 0;
    const writer = new BufferedWriter(tx, tables, (table, n) => {
      written[table] = (written[table] ?? 0) + n;
      rows += n;
      options.onProgress?.({ table, tableRows: written[table], tableTotal: totals[table] ?? 0, rows, total });
    });
    const rebuildIndexes = await deferIndexes(
      tx,
      tables.map((t) => t.table),
    );
    await emitAll(world, size.chunk, writer, () => writer.flush());
    await writer.finish();
    options.onStep?.('rebuilding indexes and checking foreign keys');
    await rebuildIndexes();
    await moveSequences(tx);
    return { rows: written, total: rows, seconds: (performance.now() - started) / 1000 };
  });
}
