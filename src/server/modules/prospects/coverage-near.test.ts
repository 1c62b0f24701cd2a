import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { prospects } from '../../db/schema';
import { COVERAGE_PLACE_MESSAGE, type CoverageNear } from '../../../contract/prospects';

let t: TestApp;
type SignedIn = Awaited<ReturnType<TestApp['signIn']>>;
let rep: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  rep = await t.signIn({ isRep: true, name: 'Coverage Rep' });
});
afterAll(() => t.close());

// Franklin, TN (ZIP 37064 is centred a few km away) and a spot 0.8 km north of it.
const here = { lat: 35.9251, lng: -86.8689 };
const near = { lat: here.lat + 0.0072, lng: here.lng };
const far = { lat: here.lat + 0.02, lng: here.lng };

async function logVisit(at: { lat: number; lng: number }, tests: Record<number, number[]>) {
  const res = await rep.post('/admin/prospects', {
    name: 'Coverage Visit',
    address: { address: '1 Main St', city: 'Franklin', state: 'TN', zip: '37064' },
    new_construction: 0,
    prospect_action_id: 4,
    action_taken: '',
    speed_tests: { 1: [0, 0, 0], 2: [0, 0, 0], 3: [0, 0, 0], 4: [0, 0, 0], ...tests },
    topographies: [],
    offered_promotion: 0,
    comments: '',
    location: at,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }>().id;
}

const coverage = async (query: string) => {
  const res = await rep.get(`/admin/api/prospects/coverage-near?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CoverageNear>();
};

describe('speed tests near a place', () => {
  it("gives each carrier's tests within 1 km in the last 12 months: count, median of each test's mean, no service", async () => {
    await logVisit(here, { 1: [10, 20, 30], 2: [50, 50, 50] });
    await logVisit(near, { 1: [30, 30, 30], 2: [0, 0, 0] });
    await logVisit(near, { 1: [40, 40, 40] });
    await logVisit(far, { 1: [900, 900, 900] });
    const old = await logVisit(here, { 1: [500, 500, 500] });
    await t.db.execute(sql`UPDATE ${prospects} SET created_at = now() - interval '13 months' WHERE id = ${old}`);

    const answer = await coverage(`lat=${here.lat}&lng=${here.lng}`);
    expect(answer).toMatchObject({ center: here, radiusKm: 1, months: 12 });
    const byCarrier = Object.fromEntries(answer.carriers.map((c) => [c.carrierId, c]));
    // Carrier 1: means 20, 30, 40 (the far and the old visit left out).
    expect(byCarrier[1]).toMatchObject({ tests: 3, medianMbps: 30, noService: 0 });
    // Carrier 2: means 50, 0, 0; two tests with no service.
    expect(byCarrier[2]).toMatchObject({ tests: 3, medianMbps: 0, noService: 2 });
    expect(answer.carriers).toHaveLength(4);
  });

  it('reads at the centre of a ZIP code when the device gave no position, and names none for an unknown one', async () => {
    const byZip = await coverage('zip=37064');
    expect(byZip.center).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    const unknown = await coverage('zip=00000');
    expect(unknown).toMatchObject({ center: null, carriers: [] });
  });

  it.each([
    ['no place', '', 'lat', COVERAGE_PLACE_MESSAGE],
    ['a latitude alone', 'lat=35.9', 'lat', COVERAGE_PLACE_MESSAGE],
    ['a latitude past the pole', 'lat=91&lng=0', 'lat', undefined],
    ['a huge number', `lat=1${'0'.repeat(400)}&lng=0`, 'lat', undefined],
    ['a ZIP code of letters', 'zip=ABCDE', 'zip', 'The ZIP code must be 5 digits.'],
    ['a NUL byte', 'zip=3706%00', 'zip', 'The ZIP code must be 5 digits.'],
    ['an unknown parameter', 'lat=1&lng=1&radius=100', 'radius', undefined],
  ])('refuses %s with 422', async (_label, query, field, message) => {
    const res = await rep.get(`/admin/api/prospects/coverage-near?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toEqual([message]);
  });

  it('is for those who log visits: an Analyst is refused', async () => {
    const analyst = await t.signIn({ role: 'analyst' });
    const res = await analyst.get(`/admin/api/prospects/coverage-near?lat=${here.lat}&lng=${here.lng}`);
    expect(res.statusCode).toBe(403);
  });
});
