import L from 'leaflet';
import type { MarkerImage } from '../../../contract/maps';

/*
 * Marker pictures as inline SVG data URIs: the page's CSP allows images from 'self' and data: only, so no CDN icons.
 * Customer icons are 20×24 (§2).
 */
const pin = (fill: string, width: number, height: number) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 20 24">` +
      `<path d="M10 23.5C10 23.5 1 14.6 1 9a9 9 0 0 1 18 0c0 5.6-9 14.5-9 14.5z" fill="${fill}" stroke="#fff" stroke-width="1.5"/>` +
      `<circle cx="10" cy="9" r="3.4" fill="#fff"/></svg>`,
  )}`;

const SPEC: Record<MarkerImage, { fill: string; size: [number, number] }> = {
  customer: { fill: '#1c7ed6', size: [20, 24] },
  prospect: { fill: '#e8590c', size: [25, 30] },
  'prospect-converted': { fill: '#2f9e44', size: [25, 30] },
};

export const MARKER_COLORS: Record<MarkerImage, string> = {
  customer: SPEC.customer.fill,
  prospect: SPEC.prospect.fill,
  'prospect-converted': SPEC['prospect-converted'].fill,
};

export const markerIcons = Object.fromEntries(
  Object.entries(SPEC).map(([image, { fill, size }]) => [
    image,
    L.icon({
      iconUrl: pin(fill, size[0], size[1]),
      iconSize: size,
      iconAnchor: [size[0] / 2, size[1]],
      popupAnchor: [0, -size[1] + 2],
    }),
  ]),
) as Record<MarkerImage, L.Icon>;

/** A cluster bubble in its layer's colour, whose size grows with the number of markers it stands for. */
export function clusterIcon(count: number, image: MarkerImage): L.DivIcon {
  const size = count < 100 ? 34 : count < 1000 ? 40 : count < 10_000 ? 46 : 54;
  const text = count < 10_000 ? String(count) : `${Math.round(count / 1000)}k`;
  return L.divIcon({
    html: `<span>${text}</span>`,
    className: `marker-cluster marker-cluster-${image}`,
    iconSize: [size, size],
  });
}
