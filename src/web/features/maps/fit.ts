import type L from 'leaflet';

/** A single visit still shows its town around it: fitting never zooms closer than a city view. */
const FIT_MAX_ZOOM = 11;

/** Fits the map to the bounds; the zoom reached is written on the map's element, where tests and tools read it. */
export function fitTo(map: L.Map, bounds: L.LatLngBounds): void {
  map.once('zoomend moveend', () => map.getContainer().setAttribute('data-zoom', String(map.getZoom())));
  map.fitBounds(bounds, { padding: [24, 24], maxZoom: FIT_MAX_ZOOM, animate: false });
}
