import { and, eq, exists, getTableName, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/types';
import {
  carriers,
  customers,
  mapSketches,
  prospectActions,
  prospects,
  prospectSpeedTests,
  subscriptions,
  users,
} from '../../db/schema';
import type { CurrentUser } from '../../../contract/auth';
import type { ProspectMapSubset } from '../../../contract/maps';
import { recentVisit, testMbps, visibleProspects } from '../prospects';
import { rowsOf } from '../../db/rows';
import type { Sketch } from './map-sketch';
import type { Carrier, SpeedTests } from './coverage-hexes';

/** `afterId`: only customers past it are asked about (a batch's bound, given to both sides of the join). */
const hasActiveSubscription = (db: Db, afterId?: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.customerId, customers.id),
          eq(subscriptions.status, 'active'),
          afterId === undefined ? undefined : gt(subscriptions.customerId, afterId),
        ),
      ),
  );

const locatedMember = (db: Db, afterId?: number) =>
  and(isNotNull(customers.lat), isNotNull(customers.lng), hasActiveSubscription(db, afterId));

/** Located customers with an active subscription: the members drawn on the maps. */
export function customerPoints(db: Db) {
  return db
    .select({ id: customers.id, lat: customers.lat, lng: customers.lng, name: customers.name })
    .from(customers)
    .where(locatedMember(db));
}

/**
 * One batch of a layer's points as PostgreSQL packs them: `count` points in id order, the last one's id, and four
 * byte strings: each id as a big-endian int4, each place as big-endian float8 longitude then latitude, one flag
 * byte (1 = the layer's second picture), and the titles in UTF-8, each followed by a NUL byte (which text never
 * holds). Rebuilding a layer reads half a million points: as byte strings they cost the server one decode per
 * batch, where a row object per point held its event loop for tens of ms.
 */
export interface PackedPoints {
  count: number;
  lastId: number;
  ids: Uint8Array;
  coords: Uint8Array;
  flags: Uint8Array;
  titles: Uint8Array;
}

/** Packs the rows of `batch` (a select of `id`, `lat`, `lng`, `flag` and `title`, in id order) as one PackedPoints row. */
async function packed(db: Db, batch: SQL): Promise<PackedPoints> {
  const [points] = await rowsOf<PackedPoints>(
    db,
    sql`
    SELECT count(*)::int AS count, coalesce(max(id), 0)::int AS "lastId",
      coalesce(string_agg(int4send(id), '' ORDER BY id), '') AS ids,
      coalesce(string_agg(float8send(lng) || float8send(lat), '' ORDER BY id), '') AS coords,
      coalesce(string_agg(decode(CASE WHEN flag THEN '01' ELSE '00' END, 'hex'), '' ORDER BY id), '') AS flags,
      coalesce(string_agg(convert_to(coalesce(title, ''), 'UTF8') || decode('00', 'hex'), '' ORDER BY id), '') AS titles
    FROM (${batch}) AS batch`,
  );
  return points!;
}

/**
 * What a map layer's points are read from has changed when this has: the rows of `tables` inserted, updated or
 * deleted as PostgreSQL counts them (`pg_stat_user_tables`, shared by every connection of the server within a
 * second of each commit), and the business date (today's visits change at midnight). Also the primary's WAL
 * position, past every write those counts hold: points read where it has been replayed include them.
 */
export async function layerVersion(
  primary: Db,
  tables: PgTable[],
  timeZone: string,
): Promise<{ version: string; position: string }> {
  // This connection's own recent writes would be counted at its next idle moment: the embedded database, one
  // connection in all, has no such moment of its own.
  await primary.execute(sql`SELECT pg_stat_force_next_flush()`);
  const [layer] = await rowsOf<{ version: string; position: string }>(
    primary,
    sql`
    SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text || '@' || (now() at time zone ${timeZone})::date
        AS version,
      pg_current_wal_insert_lsn()::text AS position
    FROM pg_stat_user_tables
    WHERE relid IN (${sql.join(
      tables.map((table) => sql`${getTableName(table)}::regclass`),
      sql`, `,
    )})`,
  );
  return layer!;
}

/**
 * Where the members are and their names, `limit` at a time after row `afterId`: what a cluster layer holds. The
 * planner merges the customers with their subscriptions in customer order; bounded on the customers' side only,
 * it walked the subscriptions from the first customer in every batch (330 ms a batch at a million customers, 27 ms
 * with both sides bounded): 5.7 s of a members' index's first build.
 */
export function customerLocations(db: Db, afterId: number, limit: number): Promise<PackedPoints> {
  return packed(
    db,
    sql`SELECT ${customers.id} AS id, ${customers.lat} AS lat, ${customers.lng} AS lng, false AS flag,
        ${customers.name} AS title
      FROM ${customers} WHERE ${and(locatedMember(db, afterId), gt(customers.id, afterId))}
      ORDER BY ${customers.id} LIMIT ${limit}`,
  );
}

function subsetFilter(subset: ProspectMapSubset | undefined, timeZone: string): SQL | undefined {
  switch (subset) {
    case 'today':
      // Midnight of today's business date, as an instant.
      return sql`${prospects.createdAt} >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
    case 'unconverted':
      return isNull(prospects.convertedAt);
    case 'converted':
      return isNotNull(prospects.convertedAt);
    default:
      return undefined;
  }
}

/** A visit's title on the map: its name, or else its address. */
const visitTitle = sql<string>`coalesce(nullif(${prospects.name}, ''), ${prospects.address})`;

/** Located visits within `scope` (visibleProspects of the viewer; undefined: everyone's), all or one subset. */
const locatedVisit = (scope: SQL | undefined, subset: ProspectMapSubset | undefined, timeZone: string) =>
  and(scope, isNotNull(prospects.lat), isNotNull(prospects.lng), subsetFilter(subset, timeZone));

/** Located visits within `scope`, all or one subset, with their titles. */
export function prospectPoints(
  db: Db,
  scope: SQL | undefined,
  subset: ProspectMapSubset | undefined,
  timeZone: string,
) {
  return db
    .select({
      id: prospects.id,
      lat: prospects.lat,
      lng: prospects.lng,
      title: visitTitle,
      converted: sql<boolean>`${prospects.convertedAt} is not null`,
    })
    .from(prospects)
    .where(locatedVisit(scope, subset, timeZone));
}

/** Where the visits within `scope` are, whether converted (the flag) and their titles, `limit` at a time after row `afterId`. */
export function prospectLocations(
  db: Db,
  scope: SQL | undefined,
  subset: ProspectMapSubset | undefined,
  timeZone: string,
  afterId: number,
  limit: number,
): Promise<PackedPoints> {
  const where = and(locatedVisit(scope, subset, timeZone), gt(prospects.id, afterId));
  return packed(
    db,
    sql`SELECT ${prospects.id} AS id, ${prospects.lat} AS lat, ${prospects.lng} AS lng,
        ${prospects.convertedAt} IS NOT NULL AS flag, ${visitTitle} AS title
      FROM ${prospects} WHERE ${where} ORDER BY ${prospects.id} LIMIT ${limit}`,
  );
}

/** Milliseconds as a PostgreSQL interval. */
const interval = (ms: number) => sql`${ms} * interval '1 millisecond'`;

/**
 * The sketch saved under `key`, when it can stand for the layer now: its points were read at `version` (nothing
 * counted has changed since), or it was saved less than `maxAgeMs` ago.
 */
export async function readSketch(db: Db, key: string, version: string, maxAgeMs: number): Promise<Sketch | null> {
  const [row] = await db
    .select()
    .from(mapSketches)
    .where(
      and(
        eq(mapSketches.key, key),
        or(eq(mapSketches.version, version), gt(mapSketches.savedAt, sql`now() - ${interval(maxAgeMs)}`)),
      ),
    );
  if (!row) return null;
  return {
    counts: Int32Array.from(row.counts),
    coords: Float64Array.from(row.coords),
    ids: Int32Array.from(row.ids),
    flags: Uint8Array.from(row.flags),
    bounds: { south: row.south, west: row.west, north: row.north, east: row.east },
  };
}

/**
 * Saves the sketch of `key`'s points read at `version`, unless another one was saved less than `everyMs` ago:
 * every instance rebuilds the layer, and one sketch every few minutes is enough to start from.
 */
export async function saveSketch(db: Db, key: string, version: string, sketch: Sketch, everyMs: number) {
  const row = {
    key,
    version,
    counts: [...sketch.counts],
    coords: [...sketch.coords],
    ids: [...sketch.ids],
    flags: [...sketch.flags],
    ...sketch.bounds,
    savedAt: sql`now()`,
  };
  await db
    .insert(mapSketches)
    .values(row)
    .onConflictDoUpdate({
      target: mapSketches.key,
      set: row,
      setWhere: lt(mapSketches.savedAt, sql`now() - ${interval(everyMs)}`),
    });
}

/** The map titles of points by id (a sketch keeps no names): members' names, or visits' titles within `scope`. */
export async function pointTitles(
  db: Db,
  kind: 'customer' | 'prospect',
  ids: number[],
  scope: SQL | undefined,
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows =
    kind === 'customer'
      ? await db.select({ id: customers.id, title: customers.name }).from(customers).where(inArray(customers.id, ids))
      : await db
          .select({ id: prospects.id, title: visitTitle })
          .from(prospects)
          .where(and(scope, inArray(prospects.id, ids)));
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function customerDetails(db: Db, id: number) {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      address: customers.address,
      city: customers.city,
      state: customers.state,
      zip: customers.zip,
      activeSubscriptions: sql<number>`(select count(*)::int from ${subscriptions} s where s.customer_id = ${customers}.id and s.status = 'active')`,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return row;
}

/** A visit's info-window facts; undefined when it does not exist or the viewer may not see it. */
export async function prospectDetails(db: Db, viewer: CurrentUser, id: number) {
  const parentAction = sql<
    string | null
  >`(select pa.description from ${prospectActions} pa where pa.id = ${prospectActions}.parent_id)`;
  const [row] = await db
    .select({
      id: prospects.id,
      title: visitTitle,
      address: prospects.address,
      city: prospects.city,
      state: prospects.state,
      zip: prospects.zip,
      createdAt: prospects.createdAt,
      convertedAt: prospects.convertedAt,
      locationSource: prospects.locationSource,
      repName: users.name,
      action: prospectActions.description,
      parentAction,
      memberName: customers.name,
      memberId: customers.id,
    })
    .from(prospects)
    .innerJoin(users, eq(users.id, prospects.repId))
    .innerJoin(prospectActions, eq(prospectActions.id, prospects.prospectActionId))
    .leftJoin(customers, eq(customers.id, prospects.customerId))
    .where(and(eq(prospects.id, id), visibleProspects(viewer)));
  return row;
}

/** Every carrier, by id: the coverage layer's choice. */
export function carrierList(db: Db): Promise<Carrier[]> {
  return db.select({ id: carriers.id, name: carriers.name }).from(carriers).orderBy(carriers.id);
}

/**
 * Everyone's speed tests of the last months at located visits, each as its figure (testMbps), a visit's tests
 * together: what the coverage layer aggregates. Four numbers a test, read as rows (120,000 visits are about
 * 400,000 tests, read in a second or two, in the background after the first build).
 */
export async function coverageTests(db: Db): Promise<SpeedTests> {
  const p = prospects;
  const t = prospectSpeedTests;
  const rows = await rowsOf<{ lat: number; lng: number; carrier_id: number; mbps: number }>(
    db,
    sql`
    SELECT ${p.lat} AS lat, ${p.lng} AS lng, ${t.carrierId} AS carrier_id, (${testMbps})::float8 AS mbps
    FROM ${p} JOIN ${t} ON ${t.prospectId} = ${p.id}
    WHERE ${p.lat} IS NOT NULL AND ${p.lng} IS NOT NULL AND ${recentVisit}
    ORDER BY ${p.id}`,
  );
  const tests: SpeedTests = {
    lat: new Float64Array(rows.length),
    lng: new Float64Array(rows.length),
    carrierIds: new Int32Array(rows.length),
    mbps: new Float64Array(rows.length),
  };
  rows.forEach((row, i) => {
    tests.lat[i] = Number(row.lat);
    tests.lng[i] = Number(row.lng);
    tests.carrierIds[i] = Number(row.carrier_id);
    tests.mbps[i] = Number(row.mbps);
  });
  return tests;
}
