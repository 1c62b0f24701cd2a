import { brotliCompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createCustomer, createSubscription } from '../../test/factories';
import { createProspect } from '../../test/factories/prospect';
import type { ClusterView } from '../../../contract/maps';
import { loadPoints, POINT_BATCH, warmClusters } from './clusters.service';
import { layerVersion } from './maps.queries';
import { MapClusters, titleOf } from './map-clusters';
import { customers, prospects, sessions, subscriptions } from '../../db/schema';
import { eq, sql } from 'drizzle-orm';
import { parseLsn, type ReplicaSet } from '../../db/replicas';

let t: TestApp;
let clock = Date.now();
let agent: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  agent = await t.signIn();
});
afterAll(() => t.close());

const US = { west: -130, south: 20, east: -60, north: 52 };
const view = async (who: typeof agent, params: Record<string, string | number>) => {
  const res = await who.get(`/admin/api/maps/clusters?${new URLSearchParams(params as Record<string, string>)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClusterView>();
};

describe('clustered maps', () => {
  let avery: { id: number };
  beforeAll(async () => {
    // Thirty members in Nashville, one in Seattle.
    for (let i = 0; i < 30; i++) {
      const c = await createCustomer(t.db, { lat: 36.16 + i * 0.001, lng: -86.78 + i * 0.001 });
      await createSubscription(t.db, { customerId: c.id });
    }
    avery = await createCustomer(t.db, { name: 'Avery Seattle', lat: 47.6062, lng: -122.3321 });
    await createSubscription(t.db, { customerId: avery.id });
    const gone = await createCustomer(t.db, { name: 'Cory Cancelled', lat: 40, lng: -100 });
    await createSubscription(t.db, { customerId: gone.id, status: 'cancelled', cancelledAt: new Date() });
  });

  it('answers a whole-country view of members as clusters with counts and single markers with their names', async () => {
    const us = await view(agent, { zoom: 4, ...US, members: 1 });
    expect(us.total).toBe(31);
    expect(us.bounds).toEqual({ south: 36.16, west: -122.3321, north: 47.6062, east: -86.751 });
    const nashville = us.items.find((i) => i.count === 30)!;
    expect(nashville).toMatchObject({ image: 'customer' });
    expect(nashville.zoom).toBeGreaterThan(4);
    expect(nashville.id).toBeUndefined();
    expect(us.items.find((i) => i.count === 1)).toEqual({
      lat: 47.6062,
      lng: -122.3321,
      count: 1,
      image: 'customer',
      zoom: 4,
      id: `customer-${avery.id}`,
      title: 'Avery Seattle',
      label: 'Existing Member',
    });
  });

  it('answers only what is in the view, and every member singly when zoomed in', async () => {
    const seattle = await view(agent, { zoom: 10, west: -123, south: 47, east: -122, north: 48, members: 1 });
    expect(seattle.items.map((i) => i.id)).toEqual([`customer-${avery.id}`]);
    expect(seattle.total).toBe(31);
    const street = await view(agent, { zoom: 18, west: -86.8, south: 36.15, east: -86.74, north: 36.2, members: 1 });
    expect(street.items).toHaveLength(30);
    expect(street.items.every((i) => i.count === 1 && i.id?.startsWith('customer-'))).toBe(true);
  });

  it('keeps a field rep to their own visits and away from the members', async () => {
    const ann = await t.signIn({ role: 'field-rep', isRep: true, name: 'Ann Cluster' });
    const bob = await t.signIn({ role: 'field-rep', isRep: true, name: 'Bob Cluster' });
    const own = await createProspect(t.db, { repId: ann.user.id, name: 'Ann’s visit' });
    await createProspect(t.db, { repId: bob.user.id, name: 'Bob’s visit' });
    const mine = await view(ann, { zoom: 16, ...US, visits: 'all' });
    expect(mine.items.map((i) => i.id)).toEqual([`prospect-${own.id}`]);
    expect(mine.total).toBe(1);
    const members = await ann.get(`/admin/api/maps/clusters?zoom=4&west=-130&south=20&east=-60&north=52&members=1`);
    expect(members.statusCode).toBe(403);
  });

  it('draws converted visits apart, by subset, titles a visit with no name by its address, and shows a new visit once the index is older than its time to live', async () => {
    const converted = await createProspect(t.db, { name: 'Converted one', convertedAt: new Date(), lat: 30, lng: -90 });
    const unnamed = await createProspect(t.db, { name: '', address: '9 Levee Rd', lat: 32.5, lng: -92.5 });
    const all = await view(agent, { zoom: 16, west: -91, south: 29, east: -89, north: 31, visits: 'all' });
    expect(all.items).toEqual([
      expect.objectContaining({
        id: `prospect-${converted.id}`,
        image: 'prospect-converted',
        label: 'Converted Prospect',
        title: 'Converted one',
      }),
    ]);
    const titled = await view(agent, {
      zoom: 16,
      west: -92.51,
      south: 32.49,
      east: -92.49,
      north: 32.51,
      visits: 'all',
    });
    expect(titled.items).toEqual([expect.objectContaining({ id: `prospect-${unnamed.id}`, title: '9 Levee Rd' })]);
    const unconverted = await view(agent, {
      zoom: 16,
      west: -91,
      south: 29,
      east: -89,
      north: 31,
      visits: 'unconverted',
    });
    expect(unconverted.items).toEqual([]);

    const later = await createProspect(t.db, { name: 'Logged elsewhere', lat: 30.01, lng: -90.01 });
    const cached = await view(agent, { zoom: 16, west: -91, south: 29, east: -89, north: 31, visits: 'all' });
    expect(cached.items.map((i) => i.id)).not.toContain(`prospect-${later.id}`);
    // PostgreSQL counts a commit of another connection within a second: each look is a time to live later.
    await expect
      .poll(async () => {
        clock += 16_000;
        return (await view(agent, { zoom: 16, west: -91, south: 29, east: -89, north: 31, visits: 'all' })).items;
      })
      .toContainEqual(expect.objectContaining({ id: `prospect-${later.id}` }));
  });

  it('shows a visit logged on this instance at once', async () => {
    const box = { zoom: 16, west: -87, south: 35.9, east: -86.8, north: 36 };
    expect((await view(agent, { ...box, visits: 'today' })).items).toEqual([]);
    const logged = await agent.post('/admin/prospects', {
      name: 'Jordan Fresh',
      address: { address: '12 Ridge Rd', city: 'Franklin', state: 'TN', zip: '37064' },
      new_construction: 0,
      prospect_action_id: 4,
      action_taken: 'Left a flyer',
      speed_tests: { 1: [10, 12.5, 0], 2: [0, 0, 0], 3: ['25', '30', '28'], 4: [100, 95, 110] },
      topographies: [2],
      offered_promotion: 1,
      comments: '',
      location: { lat: 35.9251, lng: -86.8689 },
    });
    expect(logged.statusCode, logged.body).toBeLessThan(300);
    expect((await view(agent, { ...box, visits: 'today' })).items.map((i) => i.title)).toEqual(['Jordan Fresh']);
  });

  it('refuses a view it cannot draw with a clear message', async () => {
    for (const [query, field] of [
      ['zoom=23&west=-130&south=20&east=-60&north=52&members=1', 'zoom'],
      ['zoom=4&west=abc&south=20&east=-60&north=52&members=1', 'west'],
      ['zoom=4&west=-130&south=-91&east=-60&north=52&members=1', 'south'],
      ['zoom=4&west=-130&south=20&east=-60&north=52&visits=yesterday', 'visits'],
      ['west=-130&south=20&east=-60&north=52&members=1', 'zoom'],
    ] as const) {
      const res = await agent.get(`/admin/api/maps/clusters?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
  });

  it('sends a view of hundreds of markers compressed in one piece, its length known, brotli at quality 1', async () => {
    for (let i = 0; i < 300; i++)
      await createProspect(t.db, { name: `Visit ${i} in Billings`, lat: 45.78 + i * 1e-5, lng: -108.5 + i * 1e-5 });
    const view = '/admin/api/maps/clusters?zoom=18&west=-108.51&south=45.77&east=-108.49&north=45.79&visits=all';
    const res = await agent.get(view, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const json = gunzipSync(res.rawPayload).toString();
    // Above the compression plugin's default on 2 cores (8 KB), which streams it through libuv's pool.
    expect(json.length).toBeGreaterThan(16 * 1024);
    expect((JSON.parse(json) as ClusterView).items).toHaveLength(300);

    // A browser's answer: brotli at quality 1, as small as the plugin's quality 4 in a fifth of the time (ADR 026).
    const browsers = await agent.get(view, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browsers.headers['content-encoding']).toBe('br');
    const params = { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 1 };
    expect(browsers.rawPayload.equals(brotliCompressSync(json, { params }))).toBe(true);
  });
});

/**
 * Rows packed as PostgreSQL packs a batch (maps.queries.ts, PackedPoints): big-endian int4 ids, float8 places,
 * NUL-terminated UTF-8 titles.
 */
function pack(rows: { id: number; lat: number; lng: number; converted: boolean; title: string }[]) {
  const ids = new DataView(new ArrayBuffer(4 * rows.length));
  const coords = new DataView(new ArrayBuffer(16 * rows.length));
  rows.forEach((r, i) => {
    ids.setInt32(4 * i, r.id);
    coords.setFloat64(16 * i, r.lng);
    coords.setFloat64(16 * i + 8, r.lat);
  });
  return {
    count: rows.length,
    lastId: rows.at(-1)?.id ?? 0,
    ids: new Uint8Array(ids.buffer),
    coords: new Uint8Array(coords.buffer),
    flags: Uint8Array.from(rows, (r) => (r.converted ? 1 : 0)),
    titles: new TextEncoder().encode(rows.map((r) => `${r.title}\0`).join('')),
  };
}

describe('loading a layer', () => {
  it('reads every row once, in batches by id, and unpacks each one’s place, picture and title', async () => {
    const rows = Array.from({ length: 2 * POINT_BATCH + 1 }, (_, i) => ({
      id: 3 * i + 1,
      lat: 30 + (i % 10) / 10,
      lng: -90 - (i % 7) / 10,
      converted: i % 3 === 0,
      title: ['Zoë Ångström', '', '李雷', `Member ${i}`][i % 4]!,
    }));
    const calls: number[] = [];
    const points = await loadPoints(async (after, limit) => {
      calls.push(after);
      return pack(rows.filter((r) => r.id > after).slice(0, limit));
    });
    expect(calls).toEqual([0, rows[POINT_BATCH - 1]!.id, rows[2 * POINT_BATCH - 1]!.id]);
    expect(Array.from(points.ids)).toEqual(rows.map((r) => r.id));
    expect(Array.from(points.flags.subarray(0, 4))).toEqual([1, 0, 0, 1]);
    const last = 2 * POINT_BATCH;
    expect([points.coords[2 * last], points.coords[2 * last + 1]]).toEqual([rows[last]!.lng, rows[last]!.lat]);
    expect(Array.from(points.ids, (_, i) => titleOf(points, i))).toEqual(rows.map((r) => r.title));
  });
});

describe('a layer’s version', () => {
  const members = () => layerVersion(t.db, [customers, subscriptions], 'America/Chicago');
  /** The version once PostgreSQL has counted the last commit (within a second; at once on the embedded one). */
  const changedFrom = async (before: string) => {
    await expect.poll(async () => (await members()).version, { timeout: 5_000 }).not.toBe(before);
    return (await members()).version;
  };

  it('stays the same while nothing its points are read from changes', async () => {
    const before = (await members()).version;
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() + 3_600_000) });
    await createProspect(t.db, { lat: 30, lng: -90 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await members()).version).toBe(before);
  });

  it('changes with every insert, update and delete of its tables, made by any connection', async () => {
    let version = (await members()).version;
    const c = await createCustomer(t.db, { lat: 35, lng: -97 });
    version = await changedFrom(version);
    const s = await createSubscription(t.db, { customerId: c.id });
    version = await changedFrom(version);
    await t.db.update(customers).set({ lat: 35.5 }).where(eq(customers.id, c.id));
    version = await changedFrom(version);
    await t.db.delete(subscriptions).where(eq(subscriptions.id, s.id));
    await changedFrom(version);
  });

  it('carries the business date: today’s visits change at midnight with no write', async () => {
    const [here, there] = await Promise.all([
      layerVersion(t.db, [prospects], 'Pacific/Kiritimati'),
      layerVersion(t.db, [prospects], 'Pacific/Pago_Pago'),
    ]);
    // Twenty-five hours apart: never the same date.
    expect(here.version).not.toBe(there.version);
    expect(here.version.split('@')[0]).toBe(there.version.split('@')[0]);
  });

  it('reads the points where the primary’s writes at that version have been replayed', async () => {
    const asked: (bigint | null)[] = [];
    const replicas = { pick: (after: bigint | null) => (asked.push(after), undefined) } as unknown as ReplicaSet;
    const own = new MapClusters();
    try {
      const written = await t.db.execute(sql`SELECT pg_current_wal_insert_lsn()::text AS lsn`);
      await warmClusters({ primary: t.db, replicas }, own, 'America/Chicago');
      const lsn = parseLsn((written as unknown as { rows: [{ lsn: string }] }).rows[0].lsn)!;
      // Members, then everyone's visits: each from a replica at least as far as the primary when it was versioned.
      expect(asked).toHaveLength(2);
      for (const after of asked) expect(after).toBeGreaterThanOrEqual(lsn);
    } finally {
      await own.close();
    }
  });
});
