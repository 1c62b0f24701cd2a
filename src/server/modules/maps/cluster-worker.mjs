// The map cluster indexes, in a worker thread: building one over half a million points takes a second or more
// of CPU, which on the main thread would hold every other request back. Plain JavaScript, so the thread starts
// the same way in every mode (no TypeScript loader to pass on).
import { parentPort } from 'node:worker_threads';
import Supercluster from 'supercluster';

/** Cluster radius in pixels and the zoom past which every point stands alone (as on the web before). */
const OPTIONS = { radius: 60, maxZoom: 16 };
/** A sketch's cells (ADR 040) each stand for `n` points: a cluster counts the points of its cells. */
const WEIGHTED = {
  ...OPTIONS,
  map: ({ n }) => ({ n }),
  reduce: (sum, { n }) => {
    sum.n += n;
  },
};

/** Points a feature stands for: a weighted one's `n`, else a cluster's count or 1. */
const countOf = (properties) => properties.n ?? properties.point_count ?? 1;

/**
 * Each index with the expansion zooms of its clusters found so far: finding one walks the cluster's children, about
 * 5 µs each, two thirds of a large view's time in this thread. Worked out for every cluster when the index is built,
 * they doubled the build (1.9 s more for 463,000 members); a cluster shown once is shown again on the next pan.
 * @type {Map<string, { index: Supercluster, expansion: Map<number, number> }>}
 */
const indexes = new Map();

function expansionZoom({ index, expansion }, clusterId) {
  let zoom = expansion.get(clusterId);
  if (zoom === undefined) expansion.set(clusterId, (zoom = Math.min(index.getClusterExpansionZoom(clusterId), 18)));
  return zoom;
}

/** `weights`: how many points each one stands for (a sketch's cells), else one each. */
function load(key, coords, weights) {
  const points = new Array(coords.length / 2);
  for (let i = 0; i < points.length; i++)
    points[i] = {
      type: 'Feature',
      properties: weights ? { i, n: weights[i] } : { i },
      geometry: { type: 'Point', coordinates: [coords[2 * i], coords[2 * i + 1]] },
    };
  const index = new Supercluster(weights ? WEIGHTED : OPTIONS).load(points);
  indexes.set(key, { index, expansion: new Map() });
}

/** A sketch's cell (ADR 040): 0.05°, about 5 km, smaller than a cluster up to zoom 10 (60 px is 0.08° there). */
const CELL_DEGREES = 0.05;
/** Cells across the world's longitudes: a cell's number is its row times this plus its column. */
const COLUMNS = Math.ceil(360 / CELL_DEGREES) + 1;

/**
 * The points counted in cells, for a sketch (ADR 040): each cell's count, the mean of its points, and its first
 * point (the one point of a cell that holds one). Here rather than on the main thread, where half a million
 * points held the loop for 50-200 ms.
 */
function cellsOf(coords) {
  const cellOf = new Map();
  const counts = [];
  const sums = [];
  const firsts = [];
  for (let i = 0; i < coords.length / 2; i++) {
    const lng = coords[2 * i];
    const lat = coords[2 * i + 1];
    const key = Math.floor((lat + 90) / CELL_DEGREES) * COLUMNS + Math.floor((lng + 180) / CELL_DEGREES);
    let cell = cellOf.get(key);
    if (cell === undefined) {
      cellOf.set(key, (cell = counts.length));
      counts.push(0);
      sums.push(0, 0);
      firsts.push(i);
    }
    counts[cell]++;
    sums[2 * cell] += lng;
    sums[2 * cell + 1] += lat;
  }
  return {
    counts: Int32Array.from(counts),
    coords: Float64Array.from(sums, (sum, at) => sum / counts[at >> 1]),
    firsts: Int32Array.from(firsts),
  };
}

/** Clusters and single points in the box at the zoom: [lng, lat, count, point index or -1, expansion zoom]. */
function query(key, bbox, zoom, limit) {
  const layer = indexes.get(key);
  if (!layer) return null;
  const items = layer.index.getClusters(bbox, zoom);
  // The largest clusters first, so a cut keeps what matters most.
  items.sort((a, b) => countOf(b.properties) - countOf(a.properties));
  return items.slice(0, limit).map(({ geometry, properties }) => {
    const [lng, lat] = geometry.coordinates;
    if (properties.cluster) return [lng, lat, countOf(properties), -1, expansionZoom(layer, properties.cluster_id)];
    // A cell of several points: where they part is not known from a sketch, so one zoom closer opens it.
    if (countOf(properties) > 1) return [lng, lat, properties.n, -1, Math.min(zoom + 1, OPTIONS.maxZoom + 1)];
    return [lng, lat, 1, properties.i, zoom];
  });
}

parentPort.on('message', (msg) => {
  try {
    if (msg.op === 'load') {
      load(msg.key, msg.coords, msg.weights);
      const cells = msg.sketch ? cellsOf(msg.coords) : null;
      parentPort.postMessage(
        { id: msg.id, result: cells ?? true },
        cells ? [cells.counts.buffer, cells.coords.buffer, cells.firsts.buffer] : [],
      );
    } else if (msg.op === 'query') {
      parentPort.postMessage({ id: msg.id, result: query(msg.key, msg.bbox, msg.zoom, msg.limit) });
    } else if (msg.op === 'drop') {
      indexes.delete(msg.key);
      parentPort.postMessage({ id: msg.id, result: true });
    }
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: String(err) });
  }
});
