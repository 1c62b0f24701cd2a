import { useEffect } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { useComputedColorScheme } from '@mantine/core';
import { feature } from 'topojson-client';

/**
 * The offline basemap: US state outlines from `us-atlas` (drawn on the map's canvas), so the map works with no internet.
 * Over tiles (MAP_TILE_URL) only the outlines are drawn, so the tiles show through.
 */
/** Land and borders in each colour scheme (the water is the container's background, MarkerMap.css). */
const LAND = {
  light: { color: '#868e96', fillColor: '#f8f9fa' },
  dark: { color: '#5c636a', fillColor: '#2e3238' },
};

export function UsOutline({ overTiles }: { overTiles: boolean }) {
  const map = useMap();
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    let layer: L.GeoJSON | undefined;
    let cancelled = false;
    void import('us-atlas/states-10m.json')
      .then((module) => {
        if (cancelled) return;
        const topology = module.default;
        layer = L.geoJSON(feature(topology, topology.objects.states), {
          interactive: false,
          style: { ...LAND[scheme], weight: 1, fillOpacity: overTiles ? 0 : 1 },
        }).addTo(map);
        layer.bringToBack();
      })
      .catch((error: unknown) => console.error('The US basemap could not be loaded.', error));
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [map, overTiles, scheme]);
  return null;
}
