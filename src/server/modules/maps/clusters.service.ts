import { can } from '../../../contract/access';
import type { CurrentUser } from '../../../contract/auth';
import type { QueryOut } from '../../../contract/endpoint';
import {
  MARKER_LABELS,
  mapEndpoints,
  type ClusterItem,
  type ClusterView,
  type MarkerImage,
  type VisitLayer,
} from '../../../contract/maps';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/types';
import { parseLsn } from '../../db/replicas';
import { customers, prospects, subscriptions } from '../../db/schema';
import { ForbiddenError } from '../../http/errors';
import {
  customerLocations,
  layerVersion,
  pointTitles,
  prospectLocations,
  readSketch,
  saveSketch,
  type PackedPoints,
} from './maps.queries';
import {
  MAX_AGE_MS,
  SKETCH_EVERY_MS,
  titleOf,
  type Dataset,
  type MapClusters,
  type PointSet,
  type PointSource,
} from './map-clusters';
import { visibleProspects } from '../prospects';

/**
 * How often a layer's version is read (a rebuild follows only if it changed). Members change with every
 * subscription; a minute-old member map is accurate enough to plan with.
 */
const MEMBERS_TTL_MS = 60_000;
/** A rep looks for the visit just logged: visits are checked more often (and rebuilt at once after a write here). */
const VISITS_TTL_MS = 15_000;
/** Items of one view at most, the largest clusters kept: about 30 KB gzip. */
const VIEW_LIMIT = 1_200;

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

/** Points read at a time: one short query each, whose bytes the server decodes in well under a millisecond. */
export const POINT_BATCH = 20_000;

/** A big-endian byte string (as PostgreSQL's int4send and float8send write it) read with a DataView. */
const bigEndian = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A batch as PostgreSQL packed it (PackedPoints), in the typed arrays the worker indexes and the titles. */
function unpack(batch: PackedPoints): PointSet {
  const ids = bigEndian(batch.ids);
  const coords = bigEndian(batch.coords);
  const set: PointSet = {
    ids: new Int32Array(batch.count),
    // Views of the batch's bytes: loadPoints copies them into the set's arrays.
    flags: batch.flags,
    coords: new Float64Array(batch.count * 2),
    titles: batch.titles,
    titleEnds: new Int32Array(batch.count),
  };
  for (let i = 0; i < batch.count; i++) set.ids[i] = ids.getInt32(4 * i);
  for (let i = 0; i < 2 * batch.count; i++) set.coords[i] = coords.getFloat64(8 * i);
  for (let i = 0, at = -1; i < batch.count; i++) set.titleEnds[i] = at = set.titles.indexOf(0, at + 1);
  return set;
}

/**
 * The points of a layer packed into typed arrays for the worker, read in batches of `POINT_BATCH` by id, so that
 * half a million points never hold the event loop for more than a batch's decoding: the layers are rebuilt every
 * minute or so on every instance, so this runs beside the requests all day.
 */
export async function loadPoints(read: (afterId: number, limit: number) => Promise<PackedPoints>): Promise<PointSet> {
  const batches: PointSet[] = [];
  for (let after = 0; ;) {
    const batch = await read(after, POINT_BATCH);
    batches.push(unpack(batch));
    if (batch.count < POINT_BATCH) break;
    after = batch.lastId;
  }
  const count = batches.reduce((n, b) => n + b.ids.length, 0);
  const all: PointSet = {
    ids: new Int32Array(count),
    flags: new Uint8Array(count),
    coords: new Float64Array(count * 2),
    titles: new Uint8Array(batches.reduce((n, b) => n + b.titles.length, 0)),
    titleEnds: new Int32Array(count),
  };
  let at = 0;
  let byte = 0;
  for (const batch of batches) {
    all.ids.set(batch.ids, at);
    all.flags.set(batch.flags, at);
    all.coords.set(batch.coords, at * 2);
    all.titles.set(batch.titles, byte);
    for (let i = 0; i < batch.ids.length; i++) all.titleEnds[at + i] = byte + batch.titleEnds[i]!;
    at += batch.ids.length;
    byte += batch.titles.length;
  }
  return all;
}

/** Where the layers are read: their versions on the primary, their points where the primary's writes have reached. */
export type LayerDatabase = Pick<Database, 'primary' | 'replicas'>;

/**
 * The layer `key` read from `tables`: its version from the primary, its points from a replica that has replayed
 * the primary's position at that version (else the primary), so that no write the version counts is missing. Its
 * sketch lives on the primary, shared by the instances (ADR 040): one saved at the version read now, or within
 * MAX_AGE_MS (the bound a version is trusted for), may stand for the points.
 */
function layerSource(
  database: LayerDatabase,
  key: string,
  tables: PgTable[],
  timeZone: string,
  read: (db: Db, afterId: number, limit: number) => Promise<PackedPoints>,
): PointSource {
  let position: bigint | null = null;
  return {
    async version() {
      const seen = await layerVersion(database.primary, tables, timeZone);
      position = parseLsn(seen.position);
      return seen.version;
    },
    load() {
      const db = database.replicas?.pick(position) ?? database.primary;
      return loadPoints((after, limit) => read(db, after, limit));
    },
    async sketch() {
      const { version } = await layerVersion(database.primary, tables, timeZone);
      return readSketch(database.primary, key, version, MAX_AGE_MS);
    },
    saveSketch: (version, sketch) => saveSketch(database.primary, key, version, sketch, SKETCH_EVERY_MS),
  };
}

const membersDataset = (database: LayerDatabase, clusters: MapClusters, timeZone: string) =>
  clusters.dataset(
    'members',
    MEMBERS_TTL_MS,
    layerSource(database, 'members', [customers, subscriptions], timeZone, customerLocations),
  );

/** The visits of a layer: everyone's, or one rep's own (`rep`). */
function visitsDataset(
  database: LayerDatabase,
  clusters: MapClusters,
  layer: VisitLayer,
  rep: CurrentUser | null,
  timeZone: string,
) {
  const key = `visits:${layer}:${rep ? `rep-${rep.id}` : 'everyone'}`;
  return clusters.dataset(
    key,
    VISITS_TTL_MS,
    layerSource(database, key, [prospects], timeZone, (db, after, limit) =>
      prospectLocations(
        db,
        rep ? visibleProspects(rep) : undefined,
        layer === 'all' ? undefined : layer,
        timeZone,
        after,
        limit,
      ),
    ),
  );
}

/**
 * Builds the two large indexes ahead of the first map opened (they take seconds at a million members), side by
 * side: each answers from its sketch meanwhile, if it has one (ADR 040).
 */
export async function warmClusters(database: LayerDatabase, clusters: MapClusters, timeZone: string): Promise<void> {
  for (const dataset of await Promise.all([
    membersDataset(database, clusters, timeZone),
    visitsDataset(database, clusters, 'all', null, timeZone),
  ]))
    // A small set is built in moments when first asked for; kept from start-up it could miss rows added since.
    if (clusters.awaitsRebuild(dataset)) clusters.invalidate(dataset.key);
}

interface Layer {
  dataset: Dataset;
  kind: 'customer' | 'prospect';
  images: readonly [MarkerImage, MarkerImage];
  labels: readonly [string, string];
  /** The titles of points by id, for a sketch's lone points. */
  titles(ids: number[]): Promise<Map<number, string>>;
}

/** A layer's clusters and single markers in a view, the singles with their titles. */
async function layerItems(
  clusters: MapClusters,
  { dataset, kind, images, labels, titles }: Layer,
  bbox: [number, number, number, number],
  zoom: number,
  limit: number,
): Promise<ClusterItem[]> {
  const tuples = (await clusters.query(dataset, bbox, zoom, limit)) ?? [];
  const ids = tuples.filter(([, , , point]) => point >= 0).map(([, , , point]) => dataset.ids[point]!);
  const found = dataset.coarse ? await titles(ids) : null;
  return tuples.flatMap(([lng, lat, count, point, clusterZoom]) => {
    const flag = point >= 0 ? dataset.flags[point]! : 0;
    const item: ClusterItem = { lat: round5(lat), lng: round5(lng), count, image: images[flag]!, zoom: clusterZoom };
    if (point < 0) return [item];
    const id = dataset.ids[point]!;
    const title = found ? found.get(id) : titleOf(dataset, point);
    // A sketch's point deleted since is left out.
    if (title === undefined) return [];
    return [Object.assign(item, { id: `${kind}-${id}`, title, label: labels[flag] })];
  });
}

/**
 * The clusters and single markers of a map view, from the indexes of its layers: what is drawn costs the view,
 * not the table (ADR 017).
 */
export async function clusterView(
  database: LayerDatabase,
  clusters: MapClusters,
  user: CurrentUser,
  query: QueryOut<typeof mapEndpoints.clusters>,
  timeZone: string,
): Promise<ClusterView> {
  const layers: Layer[] = [];
  if (query.members === '1') {
    if (!can(user.role, mapEndpoints.customers.access)) throw new ForbiddenError();
    layers.push({
      dataset: await membersDataset(database, clusters, timeZone),
      kind: 'customer',
      images: ['customer', 'customer'],
      labels: [MARKER_LABELS.customer, MARKER_LABELS.customer],
      titles: (ids) => pointTitles(database.primary, 'customer', ids, undefined),
    });
  }
  if (query.visits) {
    // Reps see their own visits only: each gets an index of their own.
    const own = !can(user.role, 'prospects.view-all');
    layers.push({
      dataset: await visitsDataset(database, clusters, query.visits, own ? user : null, timeZone),
      kind: 'prospect',
      images: ['prospect', 'prospect-converted'],
      labels: [MARKER_LABELS.prospect, MARKER_LABELS.converted],
      titles: (ids) => pointTitles(database.primary, 'prospect', ids, own ? visibleProspects(user) : undefined),
    });
  }

  // A view wider than the world is the world.
  const wide = query.east - query.west >= 360;
  const bbox: [number, number, number, number] = wide
    ? [-180, query.south, 180, query.north]
    : [query.west, query.south, query.east, query.north];
  const limit = Math.floor(VIEW_LIMIT / Math.max(1, layers.length));
  // The layers are read side by side: members and visits sit in indexes on threads of their own.
  const items = (await Promise.all(layers.map((layer) => layerItems(clusters, layer, bbox, query.zoom, limit)))).flat();
  const boxes = layers.map((l) => l.dataset.bounds).filter((b) => b !== null);
  return {
    items,
    bounds: boxes.length
      ? {
          south: round5(Math.min(...boxes.map((b) => b.south))),
          west: round5(Math.min(...boxes.map((b) => b.west))),
          north: round5(Math.max(...boxes.map((b) => b.north))),
          east: round5(Math.max(...boxes.map((b) => b.east))),
        }
      : null,
    total: layers.reduce((sum, l) => sum + l.dataset.count, 0),
    coarse: layers.some((l) => l.dataset.coarse),
  };
}
