import type { PointSet } from './map-clusters';

/**
 * A layer's points counted in the cells of a grid (ADR 040): what an instance that has just started draws while its
 * own index builds. A cell (0.05°, cluster-worker.mjs) is smaller than a cluster up to zoom 10, so a country or
 * state is drawn as the index would draw it; closer in, a cell shows as one cluster at its points' mean. A cell
 * holding one point keeps its id, so it is drawn as that marker.
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

/** The cells the index's thread counted, with each cell's first point (by its place in the set). */
export type Cells = Pick<Sketch, 'counts' | 'coords'> & { firsts: Int32Array };

/** The sketch of a set of points, from its cells and bounds. */
export function sketchOf(cells: Cells, points: Pick<PointSet, 'ids' | 'flags'>, bounds: Sketch['bounds']): Sketch {
  const alone = (cell: number) => cells.counts[cell] === 1;
  return {
    counts: cells.counts,
    coords: cells.coords,
    ids: Int32Array.from(cells.firsts, (point, cell) => (alone(cell) ? points.ids[point]! : 0)),
    flags: Uint8Array.from(cells.firsts, (point, cell) => (alone(cell) ? points.flags[point]! : 0)),
    bounds,
  };
}

/** Points in a sketch. */
export const sketchTotal = (sketch: Pick<Sketch, 'counts'>) => sketch.counts.reduce((sum, n) => sum + n, 0);
