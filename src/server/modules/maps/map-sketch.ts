import type { PointSet } from './map-clusters';

/**
 * A layer's points counted in the cells of a grid (ADR 040): what an instance that has just started draws while its
 * own index builds. A cell of 0.05° (about 5 km) is smaller than a cluster up to zoom 10 (60 px is 0.08° there), so
 * a country or state is drawn as the index would draw it; closer in, a cell shows as one cluster at its points'
 * mean. A cell holding one point keeps its id, so it is drawn as that marker.
 */
export interface Sketch {
  /** Points in each cell. */
  counts: Int32Array;
  /** lng, lat of each cell in turn: the mean of its points. */
  coords: Float64Array;
  /** The id of a cell's point when it holds one, else 0. */
  ids: Int32Array;
  /** A lone point's flag, else 0. */
  flags: Uint8Array;
  /** Of every point. */
  bounds: { south: number; west: number; north: number; east: number };
}

const CELL_DEGREES = 0.05;
/** Cells across the world's longitudes: a cell's number is its row times this plus its column. */
const COLUMNS = Math.ceil(360 / CELL_DEGREES) + 1;

/** The sketch of a set of points with these bounds (the set is not empty). */
export function sketchOf(points: PointSet, bounds: Sketch['bounds']): Sketch {
  const cellOf = new Map<number, number>();
  const counts: number[] = [];
  const sums: number[] = [];
  const firsts: number[] = [];
  for (let i = 0; i < points.ids.length; i++) {
    const lng = points.coords[2 * i]!;
    const lat = points.coords[2 * i + 1]!;
    const key = Math.floor((lat + 90) / CELL_DEGREES) * COLUMNS + Math.floor((lng + 180) / CELL_DEGREES);
    let cell = cellOf.get(key);
    if (cell === undefined) {
      cellOf.set(key, (cell = counts.length));
      counts.push(0);
      sums.push(0, 0);
      firsts.push(i);
    }
    counts[cell]!++;
    sums[2 * cell]! += lng;
    sums[2 * cell + 1]! += lat;
  }
  const alone = (cell: number) => counts[cell] === 1;
  return {
    counts: Int32Array.from(counts),
    coords: Float64Array.from(sums, (sum, at) => sum / counts[at >> 1]!),
    ids: Int32Array.from(firsts, (point, cell) => (alone(cell) ? points.ids[point]! : 0)),
    flags: Uint8Array.from(firsts, (point, cell) => (alone(cell) ? points.flags[point]! : 0)),
    bounds,
  };
}

/** Points in a sketch. */
export const sketchTotal = (sketch: Pick<Sketch, 'counts'>) => sketch.counts.reduce((sum, n) => sum + n, 0);
