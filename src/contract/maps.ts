import { z } from 'zod';

export const mapPaths = {
  customers: '/admin/api/customers/map',
  prospects: '/admin/api/prospects/map',
  general: '/admin/map-data',
  config: '/admin/api/maps/config',
  /** Info-window content of one marker, fetched when it is clicked. */
  info: '/admin/api/maps/markers/:id',
  infoOf: (id: string) => `/admin/api/maps/markers/${encodeURIComponent(id)}`,
} as const;

/** Marker pictures; the web draws each from a bundled icon (customer icons are 20×24, §2). */
export const MARKER_IMAGES = ['customer', 'prospect', 'prospect-converted'] as const;
export type MarkerImage = (typeof MARKER_IMAGES)[number];

/** A marker id names its kind and row ("customer-12", "prospect-7") so its info window can be fetched. */
export const markerId = z
  .string()
  .regex(/^(customer|prospect)-[1-9][0-9]{0,9}$/, 'The marker id is invalid.')
  .transform((value) => {
    const [kind, id] = value.split('-') as ['customer' | 'prospect', string];
    return { kind, id: Number(id) };
  });

/**
 * A map marker (§3: lat, lng, image, title, label, content). Lists leave `content` out: with 100,000 markers the
 * info-window text is fetched on click from `mapPaths.infoOf(id)` instead of being sent 100,000 times.
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

/** What an info window shows; `content` is plain text, one fact per line. */
export const markerInfo = z.object({ title: z.string(), label: z.string(), content: z.string() });
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
