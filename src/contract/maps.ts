import { z } from 'zod';
import { endpoint } from './endpoint';
import { id } from './primitives';

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
 * is (or the visit found), so the window links to their page.
 */
export const markerInfo = z.object({
  title: z.string(),
  label: z.string(),
  content: z.string(),
  customerId: z.number().optional(),
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
    summary: 'Markers of the located customers with an active subscription, without info-window text.',
  }),
  prospects: endpoint({
    method: 'GET',
    path: '/admin/api/prospects/map',
    query: prospectMapQuery,
    response: markerList,
    access: 'prospects.view-own',
    summary: "Markers of the located prospect visits, all or one subset (today's, unconverted, converted).",
  }),
  general: endpoint({
    method: 'GET',
    path: '/admin/map-data',
    response: markerList,
    access: 'maps.view',
    summary: 'The general map: markers of every located member and prospect visit.',
  }),
  config: endpoint({
    method: 'GET',
    path: '/admin/api/maps/config',
    response: mapConfig,
    access: 'signed-in',
    summary: 'The tile server drawn under the offline US outline, if any.',
  }),
  info: endpoint({
    method: 'GET',
    path: '/admin/api/maps/markers/:id',
    params: z.object({ id: markerId }),
    response: markerInfo,
    access: 'prospects.view-own',
    summary: "A marker's info window; a member's needs maps.view as well.",
  }),
};
