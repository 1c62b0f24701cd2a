import { useEffect, useState } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { useComputedColorScheme } from '@mantine/core';
import { mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { PLACES_MIN_ZOOM, type Place } from '../../../contract/maps';
import { usePlaces } from './api';
import { useMapView } from './useMapView';

/** From this zoom the county lines are drawn: a state is then wider than the window. */
const COUNTIES_MIN_ZOOM = 7;
const COUNTY_LINE = { light: '#adb5bd', dark: '#495057' };
const PLACES_PANE = 'places';

/** County borders, loaded (`us-atlas`, ~0.8 MB) the first time the map is zoomed in far enough. */
function CountyLines({ shown }: { shown: boolean }) {
  const map = useMap();
  const scheme = useComputedColorScheme('light');
  const [topology, setTopology] = useState<Topology<{ counties: GeometryCollection }> | null>(null);
  useEffect(() => {
    if (!shown || topology) return;
    let cancelled = false;
    void import('us-atlas/counties-10m.json')
      .then((module) => !cancelled && setTopology(module.default))
      .catch((error: unknown) => console.error('The county lines could not be loaded.', error));
    return () => {
      cancelled = true;
    };
  }, [shown, topology]);
  useEffect(() => {
    if (!shown || !topology) return;
    // Borders between counties only (the state outline draws the rest), as one line layer.
    const borders = mesh(topology, topology.objects.counties, (a, b) => a !== b);
    const layer = L.geoJSON(borders, {
      interactive: false,
      style: { color: COUNTY_LINE[scheme], weight: 0.7, dashArray: '3 3', fill: false },
    }).addTo(map);
    // Over the state fill (which keeps itself at the back), under everything else.
    return () => void layer.remove();
  }, [map, shown, topology, scheme]);
  return null;
}

/** Room a label takes on screen, in pixels: about 7 px a character by one line. */
const labelBox = (name: string) => ({ halfWidth: name.length * 3.5 + 4, halfHeight: 9 });

/** The places whose labels do not overlap a larger place's (the list comes largest first). */
function readable(map: L.Map, places: Place[]): Place[] {
  const kept: { x: number; y: number; halfWidth: number; halfHeight: number }[] = [];
  return places.filter((p) => {
    const { x, y } = map.latLngToContainerPoint([p.lat, p.lon]);
    const box = { x, y, ...labelBox(p.name) };
    const clear = kept.every(
      (k) => Math.abs(k.x - x) > k.halfWidth + box.halfWidth || Math.abs(k.y - y) > k.halfHeight + box.halfHeight,
    );
    if (clear) kept.push(box);
    return clear;
  });
}

/** The names of the largest towns and cities in view, as plain text labels that clicks pass through. */
function PlaceLabels({ view }: { view: ReturnType<typeof useMapView> }) {
  const map = useMap();
  const places = usePlaces(view);
  const data = view.zoom >= PLACES_MIN_ZOOM ? places.data : undefined;
  useEffect(() => {
    if (!data?.length) return;
    // A pane of their own, between the basemap and the markers, so a name never covers a marker.
    if (!map.getPane(PLACES_PANE)) {
      const pane = map.createPane(PLACES_PANE);
      pane.style.zIndex = '450';
      pane.style.pointerEvents = 'none';
    }
    const layer = L.layerGroup(
      readable(map, data).map((p) => {
        const label = document.createElement('span');
        label.textContent = p.name;
        return L.marker([p.lat, p.lon], {
          icon: L.divIcon({ className: 'place-label', html: label, iconSize: undefined }),
          interactive: false,
          keyboard: false,
          pane: PLACES_PANE,
        });
      }),
    ).addTo(map);
    return () => void layer.remove();
  }, [map, data]);
  return null;
}

/**
 * What the offline basemap shows when zoomed in, under the markers: county lines and place names. Tiles
 * (MAP_TILE_URL), when configured, have their own.
 */
export function BasemapDetail() {
  const view = useMapView();
  return (
    <>
      <CountyLines shown={view.zoom >= COUNTIES_MIN_ZOOM} />
      <PlaceLabels view={view} />
    </>
  );
}
