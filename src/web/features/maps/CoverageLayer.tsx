import { useEffect, useState } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type * as H3Module from 'h3-js';
import type { CoverageView } from '../../../contract/maps';
import { useCoverage } from './api';
import { coverageBand, NO_SERVICE } from './coverage-colours';
import { useMapView } from './useMapView';

type H3 = typeof H3Module;

/** The padded view as the coverage layer asks for it: within one world, west of east (else the whole width). */
function coverageBox(view: ReturnType<typeof useMapView>) {
  const west = Math.max(-180, view.west);
  const east = Math.min(180, view.east);
  return west <= east ? { ...view, west, east } : { ...view, west: -180, east: 180 };
}

/**
 * One carrier's coverage in H3 hexagons (ADR 053), under the markers: the server answers the cells of the view,
 * and the browser draws each cell's outline with h3-js, loaded the first time the layer is turned on. Drawn as SVG,
 * each hexagon named by its median, so it can be found as a user reads it.
 */
export function CoverageLayer({
  carrier,
  onAnswer,
}: {
  carrier: number | undefined;
  onAnswer(answer: Pick<CoverageView, 'carriers' | 'carrierId'>): void;
}) {
  const map = useMap();
  const view = useMapView();
  const { data } = useCoverage({ ...coverageBox(view), ...(carrier !== undefined && { carrier }) });
  const [h3, setH3] = useState<H3>();

  useEffect(() => {
    void import('h3-js').then(setH3);
  }, []);

  useEffect(() => {
    if (data) onAnswer({ carriers: data.carriers, carrierId: data.carrierId });
  }, [data, onAnswer]);

  useEffect(() => {
    if (!data || !h3) return;
    const renderer = L.svg({ padding: 0.5 });
    const group = L.layerGroup().addTo(map);
    for (const cell of data.cells) {
      const band = coverageBand(cell.medianMbps);
      const noService = band === NO_SERVICE;
      L.polygon(h3.cellToBoundary(cell.cell), {
        renderer,
        className: 'coverage-hex',
        color: noService ? band.colour : '#5f3dc4',
        weight: noService ? 2 : 1,
        dashArray: noService ? '4 3' : undefined,
        fillColor: band.colour,
        fillOpacity: 0.55,
        interactive: false,
      })
        .addTo(group)
        .getElement()
        ?.setAttribute('aria-label', `${band.label}: ${cell.tests} ${cell.tests === 1 ? 'test' : 'tests'}`);
    }
    return () => {
      group.remove();
      renderer.remove();
    };
  }, [map, data, h3]);

  return null;
}
