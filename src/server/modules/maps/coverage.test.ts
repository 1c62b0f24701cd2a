import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { CoverageView } from '../../../contract/maps';

let t: TestApp;
type SignedIn = Awaited<ReturnType<TestApp['signIn']>>;
let rep: SignedIn;
let otherRep: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  rep = await t.signIn({ role: 'field-rep', isRep: true, name: 'Hex Rep' });
  otherRep = await t.signIn({ role: 'field-rep', isRep: true, name: 'Other Hex Rep' });
});
afterAll(() => t.close());

// Murfreesboro, TN: no other test of this file logs a visit near it.
const here = { lat: 35.8456, lng: -86.3903 };
const VIEW = `west=-87&south=35&east=-85&north=37`;

async function logVisit(agent: SignedIn, tests: Record<number, number[]>) {
  const res = await agent.post('/admin/prospects', {
    name: 'Hex Visit',
    address: { address: '1 Main St', city: 'Murfreesboro', state: 'TN', zip: '37130' },
    new_construction: 0,
    prospect_action_id: 4,
    action_taken: '',
    speed_tests: { 1: [0, 0, 0], 2: [0, 0, 0], 3: [0, 0, 0], 4: [0, 0, 0], ...tests },
    topographies: [],
    offered_promotion: 0,
    comments: '',
    location: here,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const coverage = async (agent: SignedIn, query: string) => {
  const res = await agent.get(`/admin/api/maps/coverage?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CoverageView>();
};

describe('carrier coverage layer', () => {
  it("shows a visit's tests in its hexagon at once, to every rep, as the median of each test's mean", async () => {
    const before = await coverage(rep, `zoom=12&${VIEW}&carrier=1`);
    expect(before.cells).toEqual([]);

    await logVisit(rep, { 1: [10, 20, 30] });
    await logVisit(otherRep, { 1: [40, 40, 40], 2: [0, 0, 0] });

    // Figures only, from everyone's visits: the other rep sees both tests, as "readings near it" counts them.
    const carrier1 = await coverage(otherRep, `zoom=12&${VIEW}&carrier=1`);
    expect(carrier1).toMatchObject({ carrierId: 1, resolution: 8 });
    expect(carrier1.cells).toEqual([{ cell: expect.any(String), medianMbps: 30, tests: 2, noService: 0 }]);
    expect(carrier1.carriers.map((c) => c.id)).toEqual([1, 2, 3, 4]);

    const carrier2 = await coverage(rep, `zoom=4&${VIEW}&carrier=2`);
    expect(carrier2.resolution).toBe(2);
    expect(carrier2.cells).toEqual([{ cell: expect.any(String), medianMbps: 0, tests: 2, noService: 2 }]);
  });

  it('answers the first carrier when none is named, and nothing outside the view', async () => {
    await logVisit(rep, { 1: [5, 5, 5] });
    expect((await coverage(rep, `zoom=12&${VIEW}`)).carrierId).toBe(1);
    expect((await coverage(rep, 'zoom=12&west=-100&south=40&east=-99&north=41&carrier=1')).cells).toEqual([]);
  });

  it('refuses a request that is not signed in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/api/maps/coverage?zoom=5&${VIEW}`,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['a zoom that is not whole', `zoom=4.5&${VIEW}`, 'zoom'],
    ['a zoom past 22', `zoom=23&${VIEW}`, 'zoom'],
    ['a negative zoom', `zoom=-1&${VIEW}`, 'zoom'],
    ['NaN for an edge', 'zoom=5&west=NaN&south=35&east=-85&north=37', 'west'],
    ['a huge number', `zoom=5&west=-1${'0'.repeat(400)}&south=35&east=-85&north=37`, 'west'],
    ['a latitude past the pole', 'zoom=5&west=-87&south=35&east=-85&north=91', 'north'],
    ['a box whose east is west of its west', 'zoom=5&west=-85&south=35&east=-87&north=37', 'east'],
    ['a box whose north is south of its south', 'zoom=5&west=-87&south=37&east=-85&north=35', 'north'],
    ['an unknown carrier', `zoom=5&${VIEW}&carrier=999`, 'carrier'],
    ['a carrier that is not an id', `zoom=5&${VIEW}&carrier=abc`, 'carrier'],
    ['an unknown parameter', `zoom=5&${VIEW}&members=1`, 'members'],
    ['no box', 'zoom=5', 'west'],
  ])('refuses %s with 422 and names the field', async (_label, query, field) => {
    const res = await rep.get(`/admin/api/maps/coverage?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
  });
});
