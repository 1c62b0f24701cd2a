/**
 * The mixed bench's calls as staff make them, drawn at random (seeded) from what the API offers: every stats
 * chart in every view, now and then compared with the periods before or over a chosen range; every list of the
 * endpoint table with its filters and sorts, sometimes on to the next page by its cursor; searches by the seed's
 * first names and surnames, whole, misspelled or cut to the first three letters; map pans and zooms over the US.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from '../src/contract/zod';
import type { Endpoint } from '../src/contract/endpoint';
import { ENDPOINTS } from '../src/contract/endpoints';
import { ROW_LIMIT_OPTIONS, RETURN_CHART_DEFAULT_LIMIT } from '../src/contract/business';
import { customerEndpoints } from '../src/contract/customers';
import { feedbackEndpoints } from '../src/contract/feedback';
import { mapEndpoints, PLACES_MIN_ZOOM, VISIT_LAYERS } from '../src/contract/maps';
import { prospectEndpoints } from '../src/contract/prospects';
import {
  PROMO_ROW_LIMIT_ENDPOINT,
  STATS_ENDPOINTS,
  STATS_VIEWS,
  statsEndpoints,
  trendName,
} from '../src/contract/stats';
import type { StatsEndpoint, StatsView } from '../src/contract/stats';
import { cancellationEndpoints, subscriptionEndpoints } from '../src/contract/subscriptions';
import { supplierEndpoints } from '../src/contract/suppliers';
import { rowsOf } from '../src/server/db/rows';
import type { Db } from '../src/server/db/types';
import { FIRST_NAMES, LAST_NAMES } from '../src/server/seed/names';
import { Random, Weighted } from '../src/server/seed/random';

export type Kind = 'stats' | 'lists' | 'search' | 'maps';
export interface Call {
  kind: Kind;
  url: string;
  /** A list page whose answer's next-page cursor is followed: the URL of that next page. */
  next?: (cursor: string) => string;
}

/** How often staff make each kind of call: a dashboard draws many charts. */
const KINDS = new Weighted<Kind>(['stats', 'lists', 'search', 'maps'], [35, 30, 20, 15]);
/** Lists searched by a person's name; the customer search box counts for as much as all of them. */
const NAME_SEARCHES = [
  customerEndpoints.list,
  subscriptionEndpoints.list,
  cancellationEndpoints.list,
  prospectEndpoints.list,
  supplierEndpoints.list,
  feedbackEndpoints.list,
];
const FILTER_CHANCE = 0.3;
const FOLLOW_CHANCE = 0.2;
const DAY_MS = 86_400_000;
/** The longest chosen range of each view, in days, well within what a trend accepts (RANGE_MAX_PERIODS). */
const RANGE_DAYS: Record<StatsView, number> = { daily: 120, weekly: 700, monthly: 1500, yearly: 3650 };
// The continental US, and the browser window a map fills (pixels; 256 a tile).
const US = { west: -124, east: -67, south: 25, north: 49 };
const WINDOW = { width: 1280, height: 720 };

type JsonSchema = { type?: string | string[]; enum?: string[]; properties?: Record<string, JsonSchema> };
const fieldsOf = (schema: z.ZodType | undefined) =>
  schema ? ((z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema).properties ?? {}) : {};

/** A read answering rows and a next-page cursor. */
function listOf(e: Endpoint): { endpoint: Endpoint } | undefined {
  if (e.method !== 'GET' || e.params || !('nextCursor' in fieldsOf(e.response))) return undefined;
  const query = fieldsOf(e.query);
  return 'after' in query || 'before' in query ? { endpoint: e } : undefined;
}

/**
 * The query field a list's next-page cursor goes back in: `after`, or `before` for a list that pages back in time;
 * the audit log pages both ways, each order on its own cursor, which its schema says.
 */
function cursorFieldOf(e: Endpoint, query: Record<string, string | number>, cursor: string): 'after' | 'before' {
  const fields = fieldsOf(e.query);
  if (!('before' in fields)) return 'after';
  if (!('after' in fields)) return 'before';
  return e.query!.safeParse({ ...query, after: cursor }).success ? 'after' : 'before';
}

/**
 * Where the values of a list's id filters come from: rows of the bench database. A filter missing here stops the
 * bench, so a new one is not left out of the mix unnoticed.
 */
const ID_FILTERS: Record<string, SQL> = {
  carrierId: sql`SELECT id FROM carriers`,
  reasonId: sql`SELECT id FROM cancellation_reasons`,
  returnReasonId: sql`SELECT id FROM return_reasons`,
  productId: sql`SELECT id FROM products`,
  status: sql`SELECT id FROM device_statuses`,
  supplierId: sql`SELECT id FROM suppliers`,
  repId: sql`SELECT id FROM users WHERE is_rep`,
  actionId: sql`SELECT id FROM prospect_actions`,
  userId: sql`SELECT id FROM users ORDER BY id LIMIT 500`,
  customerId: sql`SELECT id FROM customers TABLESAMPLE SYSTEM (0.1) LIMIT 1000`,
};
/**
 * Filled otherwise: the search text (searches), the cursor (followed), paging, a record id (a record's history
 * page) and the date range (both ends at once).
 */
const NOT_FILTERS = new Set(['q', 'after', 'before', 'page', 'perPage', 'exact', 'entityId', 'from', 'to']);
const OTHER_VALUES: Record<string, readonly number[]> = { latestDevices: [RETURN_CHART_DEFAULT_LIMIT, 1000] };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const url = (path: string, query: Record<string, string | number>) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return search ? `${path}?${search}` : path;
};

/** A name as typed in a hurry: a letter dropped, doubled or two swapped. */
function misspelled(rng: Random, word: string): string {
  const at = rng.int(1, word.length - 2);
  const [a, b] = [word[at]!, word[at + 1]!];
  return rng.pick([
    word.slice(0, at) + word.slice(at + 1),
    word.slice(0, at) + a + word.slice(at),
    word.slice(0, at) + b + a + word.slice(at + 2),
  ]);
}

function searchText(rng: Random): string {
  const last = rng.pick(LAST_NAMES);
  const first = rng.pick(FIRST_NAMES);
  const shape = rng.int(0, 5);
  const text = [last, first, `${first} ${last}`, misspelled(rng, last), last.slice(0, 3), first.slice(0, 3)][shape]!;
  return rng.chance(0.5) ? text.toLowerCase() : text;
}

export interface VariedMix {
  seed: number;
  /** Every endpoint the mix calls, once each: made on every instance before the load is timed. */
  warmup: Call[];
  /** The next call of a worker (its own random stream). */
  next(worker: number): Call;
}

export async function variedMix(db: Db, seed: number): Promise<VariedMix> {
  const lists = ENDPOINTS.map(listOf).filter((l) => l !== undefined);
  const idFields = new Set(
    lists.flatMap((l) =>
      Object.entries(fieldsOf(l.endpoint.query))
        .filter(([field, schema]) => !schema.enum && !NOT_FILTERS.has(field) && !(field in OTHER_VALUES))
        .map(([field]) => field),
    ),
  );
  const idValues: Record<string, number[]> = {};
  for (const field of idFields) {
    if (!ID_FILTERS[field])
      throw new Error(`varied mix: no values for the list filter "${field}" (bench/varied-mix.ts)`);
    idValues[field] = (await rowsOf<{ id: number }>(db, ID_FILTERS[field])).map((r) => r.id);
  }
  const today = Date.now();
  const dayRange = (rng: Random, maxDays: number) => {
    const to = today - rng.int(0, 3650 - maxDays) * DAY_MS;
    return { from: isoDay(to - rng.int(0, maxDays - 1) * DAY_MS), to: isoDay(to) };
  };

  /** A list's first page with some of its filters set and its order chosen, checked against its query schema. */
  function listQuery(rng: Random, endpoint: Endpoint): Record<string, string | number> {
    for (;;) {
      const query: Record<string, string | number> = {};
      const fields = fieldsOf(endpoint.query);
      for (const [field, schema] of Object.entries(fields)) {
        if (NOT_FILTERS.has(field) || !rng.chance(field === 'sort' ? 0.5 : FILTER_CHANCE)) continue;
        query[field] = schema.enum ? rng.pick(schema.enum) : rng.pick(OTHER_VALUES[field] ?? idValues[field]!);
      }
      if ('from' in fields && rng.chance(FILTER_CHANCE)) Object.assign(query, dayRange(rng, 365));
      if (rng.chance(0.1)) query.perPage = rng.pick([50, 100]);
      if (endpoint.query!.safeParse(query).success) return query;
    }
  }

  const list = (rng: Random, kind: Kind, query: Record<string, string | number>, endpoint: Endpoint) => {
    const call: Call = { kind, url: url(endpoint.path, query) };
    if (rng.chance(FOLLOW_CHANCE))
      call.next = (cursor) => {
        const field = cursorFieldOf(endpoint, query, cursor);
        return url(endpoint.path, { ...query, [field]: cursor, ...(field === 'after' && { page: 2 }) });
      };
    return call;
  };

  const trendNames = (Object.keys(STATS_ENDPOINTS) as StatsEndpoint[]).flatMap((name) =>
    STATS_ENDPOINTS[name].views.map((view) => ({ name, view })),
  );
  function stats(rng: Random): Call {
    const pick = rng.int(0, trendNames.length + 2);
    if (pick === trendNames.length) return { kind: 'stats', url: statsEndpoints.upcomingCredits.path };
    if (pick === trendNames.length + 1)
      return { kind: 'stats', url: url(statsEndpoints.kpis.path, rng.chance(0.5) ? dayRange(rng, 365) : {}) };
    if (pick === trendNames.length + 2)
      return {
        kind: 'stats',
        url: statsEndpoints.returnRateByModel.path.replace(
          ':limit',
          String(rng.pick([RETURN_CHART_DEFAULT_LIMIT, 1000])),
        ),
      };
    const { name, view } = trendNames[pick]!;
    const path = statsEndpoints.trend.path.replace(':name', trendName(name, view));
    const query: Record<string, string | number> = {};
    const periods = STATS_VIEWS[view].periods;
    const shape = rng.next();
    // Compared with the periods before, as the chart's "compare" asks; or over a chosen range (no row limit then).
    if (shape < 0.25 && periods) query.before = periods;
    if (shape > 0.85) Object.assign(query, dayRange(rng, rng.int(1, RANGE_DAYS[view])));
    else if (name === PROMO_ROW_LIMIT_ENDPOINT && rng.chance(0.5)) query.limit = rng.pick(ROW_LIMIT_OPTIONS);
    return { kind: 'stats', url: url(path, query) };
  }

  function search(rng: Random): Call {
    const q = searchText(rng);
    if (rng.chance(0.5)) return { kind: 'search', url: url(customerEndpoints.search.path, { q }) };
    const endpoint = rng.pick(NAME_SEARCHES);
    return list(rng, 'search', { ...listQuery(rng, endpoint), q }, endpoint);
  }

  /** A browser window's view at a random zoom over a random spot of the US: its clusters, or its place names. */
  function map(rng: Random): Call {
    const zoom = rng.int(4, 13);
    const [lng, lat] = [rng.between(US.west, US.east), rng.between(US.south, US.north)];
    const degrees = 360 / (256 * 2 ** zoom);
    const [halfWidth, halfHeight] = [
      (WINDOW.width / 2) * degrees,
      (WINDOW.height / 2) * degrees * Math.cos((lat * Math.PI) / 180),
    ];
    const round = (n: number) => Math.round(n * 1e5) / 1e5;
    const view = {
      zoom,
      west: round(lng - halfWidth),
      south: round(Math.max(-85, lat - halfHeight)),
      east: round(lng + halfWidth),
      north: round(Math.min(85, lat + halfHeight)),
    };
    if (zoom >= PLACES_MIN_ZOOM && rng.chance(0.3)) return { kind: 'maps', url: url(mapEndpoints.places.path, view) };
    const layers: Record<string, string> = rng.chance(0.7) ? { members: '1' } : {};
    if (!layers.members || rng.chance(0.5)) layers.visits = rng.pick(VISIT_LAYERS);
    return { kind: 'maps', url: url(mapEndpoints.clusters.path, { ...view, ...layers }) };
  }

  const streams: Random[] = [];
  return {
    seed,
    warmup: [
      ...trendNames.map(({ name, view }) => ({
        kind: 'stats' as const,
        url: statsEndpoints.trend.path.replace(':name', trendName(name, view)),
      })),
      { kind: 'stats', url: statsEndpoints.kpis.path },
      { kind: 'stats', url: statsEndpoints.upcomingCredits.path },
      ...lists.map((l) => ({ kind: 'lists' as const, url: l.endpoint.path })),
      { kind: 'maps', url: url(mapEndpoints.clusters.path, { zoom: 4, ...US, members: '1', visits: 'all' }) },
    ],
    next(worker) {
      const rng = (streams[worker] ??= new Random(seed, worker));
      switch (KINDS.pick(rng)) {
        case 'stats':
          return stats(rng);
        case 'search':
          return search(rng);
        case 'maps':
          return map(rng);
        case 'lists': {
          const { endpoint } = rng.pick(lists);
          return list(rng, 'lists', listQuery(rng, endpoint), endpoint);
        }
      }
    },
  };
}
