import { useEffect, useState } from 'react';
import type L from 'leaflet';
import type { MapView } from '../../../contract/maps';
import { useMap } from 'react-leaflet';

// About ten metres: views that differ by less ask the same question, and share the cache.
const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

/** The view as the server is asked for it: a quarter more than what is seen, so small pans need no new answer. */
function viewOf(map: L.Map): MapView {
  const b = map.wrapLatLngBounds(map.getBounds().pad(0.25));
  return {
    zoom: Math.round(map.getZoom()),
    west: round4(Math.max(-360, b.getWest())),
    south: round4(Math.max(-90, b.getSouth())),
    east: round4(Math.min(360, b.getEast())),
    north: round4(Math.min(90, b.getNorth())),
  };
}

/**
 * The map's view (zoom and padded box), updated when a pan or zoom ends; `first` until then, when given (a view
 * asked for before the map was laid out).
 */
export function useMapView(first?: MapView): MapView {
  const map = useMap();
  const [view, setView] = useState(() => first ?? viewOf(map));
  useEffect(() => {
    const update = () => setView(viewOf(map));
    map.on('moveend', update);
    return () => void map.off('moveend', update);
  }, [map]);
  return view;
}
