import { setImmediate as nextTurn } from 'node:timers/promises';
import { cellToLatLng, cellToParent, getHexagonEdgeLengthAvg, latLngToCell, UNITS } from 'h3-js';
import { COVERAGE_CELLS_PER_VIEW, type CoverageCell, type CoverageView } from '../../../contract/maps';

/** The speed tests the layer is drawn from: each one's position (its visit's), carrier and Mbps (its readings' mean). */
export interface SpeedTests {
  lat: Float64Array;
  lng: Float64Array;
  carrierIds: Int32Array;
  mbps: Float64Array;
}

export interface Carrier {
  id: number;
  name: string;
}

interface IndexedCell extends CoverageCell {
  lat: number;
  lng: number;
}

/** Every carrier's hexagons at every resolution, each list the cells with the most tests first. */
export interface CoverageIndex {
  carriers: Carrier[];
  tests: number;
  cells: Map<string, IndexedCell[]>;
}

/**
 * The resolutions drawn: 1 (cells about 800 km across) for the whole country, 8 (about 1 km) closer in. A finer
 * cell would hold a visit or two and show where they were, not a carrier's coverage.
 */
export const COARSEST = 1;
export const FINEST = 8;

/**
 * The resolution whose hexagons are 25–70 px across at `zoom`: each zoom halves a pixel's width, each resolution
 * divides a cell's by about 2.65 (so 0.71 resolutions a zoom).
 */
export function resolutionForZoom(zoom: number): number {
  return Math.min(FINEST, Math.max(COARSEST, Math.round(0.71 * zoom - 0.84)));
}

const keyOf = (carrierId: number, resolution: number) => `${carrierId}:${resolution}`;

/** Tests hashed between turns of the event loop while an index builds: about 10 ms of work each. */
const TESTS_PER_TURN = 5_000;

/** The median as PostgreSQL's percentile_cont(0.5) computes it (the two middle values interpolated), to 0.1 Mbps. */
export function medianOf(sorted: number[]): number {
  const at = (sorted.length - 1) / 2;
  const below = sorted[Math.floor(at)]!;
  const above = sorted[Math.ceil(at)]!;
  return Math.round((below + (above - below) * (at - Math.floor(at))) * 10) / 10;
}

/**
 * Aggregates the tests per carrier into the hexagons of every resolution. A visit's cell is found once at the
 * finest resolution, and each distinct cell's parent once per resolution; the event loop gets a turn every
 * TESTS_PER_TURN tests, so a rebuild at 120,000 visits never holds other requests for long.
 */
export async function buildCoverage(tests: SpeedTests, carriers: Carrier[]): Promise<CoverageIndex> {
  const count = tests.mbps.length;
  let cellOf = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    // Tests of one visit come together and share its position.
    const same = i > 0 && tests.lat[i] === tests.lat[i - 1] && tests.lng[i] === tests.lng[i - 1];
    cellOf[i] = same ? cellOf[i - 1]! : latLngToCell(tests.lat[i]!, tests.lng[i]!, FINEST);
    if (i % TESTS_PER_TURN === TESTS_PER_TURN - 1) await nextTurn();
  }
  const cells = new Map<string, IndexedCell[]>();
  for (let resolution = FINEST; resolution >= COARSEST; resolution--) {
    if (resolution < FINEST) {
      const parents = new Map<string, string>();
      for (const cell of new Set(cellOf)) parents.set(cell, cellToParent(cell, resolution));
      cellOf = cellOf.map((cell) => parents.get(cell)!);
    }
    const groups = new Map<string, { carrierId: number; cell: string; mbps: number[] }>();
    for (let i = 0; i < count; i++) {
      const carrierId = tests.carrierIds[i]!;
      const key = `${carrierId}:${cellOf[i]}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { carrierId, cell: cellOf[i]!, mbps: [] }));
      group.mbps.push(tests.mbps[i]!);
    }
    for (const { carrierId, cell, mbps } of groups.values()) {
      mbps.sort((a, b) => a - b);
      const [lat, lng] = cellToLatLng(cell);
      const list = cells.get(keyOf(carrierId, resolution)) ?? [];
      cells.set(keyOf(carrierId, resolution), list);
      list.push({
        cell,
        lat,
        lng,
        medianMbps: medianOf(mbps),
        tests: mbps.length,
        noService: mbps.filter((m) => m === 0).length,
      });
    }
    await nextTurn();
  }
  for (const list of cells.values()) list.sort((a, b) => b.tests - a.tests || a.cell.localeCompare(b.cell));
  return { carriers, tests: count, cells };
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * One carrier's hexagons in a view at the zoom's resolution: those whose centre lies in the box widened by two
 * cell edges (a hexagon cut by the view's edge is drawn), the most tested first, at most COVERAGE_CELLS_PER_VIEW.
 */
export function coverageIn(index: CoverageIndex, carrierId: number, zoom: number, box: Box): CoverageView {
  const resolution = resolutionForZoom(zoom);
  const marginLat = (2 * getHexagonEdgeLengthAvg(resolution, UNITS.km)) / 111.2;
  const cos = Math.max(0.2, Math.cos((Math.max(Math.abs(box.south), Math.abs(box.north)) * Math.PI) / 180));
  const marginLng = marginLat / cos;
  const [west, east] = [box.west - marginLng, box.east + marginLng];
  const [south, north] = [box.south - marginLat, box.north + marginLat];
  const inView: CoverageCell[] = [];
  for (const c of index.cells.get(keyOf(carrierId, resolution)) ?? []) {
    if (c.lat < south || c.lat > north || c.lng < west || c.lng > east) continue;
    inView.push({ cell: c.cell, medianMbps: c.medianMbps, tests: c.tests, noService: c.noService });
    if (inView.length === COVERAGE_CELLS_PER_VIEW) break;
  }
  return { carrierId, carriers: index.carriers, resolution, cells: inView };
}
