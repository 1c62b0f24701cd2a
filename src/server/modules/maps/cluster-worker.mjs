// The map cluster indexes, in a worker thread: building one over half a million points takes a second or more
// of CPU, which on the main thread would hold every other request back. Plain JavaScript, so the thread starts
// the same way in every mode (no TypeScript loader to pass on).
import { parentPort } from 'node:worker_threads';
import Supercluster from 'supercluster';

/** Cluster radius in pixels and the zoom past which every point stands alone (as on the web before). */
const OPTIONS = { radius: 60, maxZoom: 16 };

/** @type {Map<string, Supercluster>} */
const indexes = new Map();

function load(key, coords) {
  const points = new Array(coords.length / 2);
  for (let i = 0; i < points.length; i++)
    points[i] = {
      type: 'Feature',
      properties: { i },
      geometry: { type: 'Point', coordinates: [coords[2 * i], coords[2 * i + 1]] },
    };
  indexes.set(key, new Supercluster(OPTIONS).load(points));
}

/** Clusters and single points in the box at the zoom: [lng, lat, count, point index or -1, expansion zoom]. */
function query(key, bbox, zoom, limit) {
  const index = indexes.get(key);
  if (!index) return null;
  const items = index.getClusters(bbox, zoom);
  // The largest clusters first, so a cut keeps what matters most.
  items.sort((a, b) => (b.properties.point_count ?? 1) - (a.properties.point_count ?? 1));
  return items.slice(0, limit).map(({ geometry, properties }) => {
    const [lng, lat] = geometry.coordinates;
    return properties.cluster
      ? [lng, lat, properties.point_count, -1, Math.min(index.getClusterExpansionZoom(properties.cluster_id), 18)]
      : [lng, lat, 1, properties.i, zoom];
  });
}

parentPort.on('message', (msg) => {
  try {
    if (msg.op === 'load') {
      load(msg.key, msg.coords);
      parentPort.postMessage({ id: msg.id, result: true });
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
