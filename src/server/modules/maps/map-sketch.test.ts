import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { createCustomer, createSubscription } from '../../test/factories';
import type { CurrentUser } from '../../../contract/auth';
import type { ReplicaSet } from '../../db/replicas';
import type { Db } from '../../db/types';
import { mapSketches } from '../../db/schema';
import { clusterView } from './clusters.service';
import { MapClusters } from './map-clusters';

let t: TestApp;
const admin = { id: 1, role: 'administrator' } as CurrentUser;
const query = { zoom: 4, west: -130, south: 20, east: -60, north: 52, members: '1' as const };
const started: MapClusters[] = [];
/** A new instance's indexes, none built yet. */
const instance = () => {
  const clusters = new MapClusters();
  started.push(clusters);
  return clusters;
};

beforeAll(async () => {
  t = await createTestApp();
  // 50,000 members on a grid over Tennessee (a large set: answered from the last index while the next builds).
  const first = await createSubscription(t.db);
  await t.db.execute(sql`
    WITH made AS (
      INSERT INTO customers (name, lat, lng)
      SELECT 'Member ' || g, 35 + (g % 200) * 0.01, -90 + (g / 200) * 0.01 FROM generate_series(1, 49999) AS g
      RETURNING id)
    INSERT INTO subscriptions (customer_id, carrier_id, price, ordered_at, status)
    SELECT id, ${first.carrierId}, 49.99, now(), 'active' FROM made`);
  await t.db.execute(sql`UPDATE customers SET lat = 36, lng = -87 WHERE id = ${first.customerId}`);
  const avery = await createCustomer(t.db, { name: 'Avery Seattle', lat: 47.6062, lng: -122.3321 });
  await createSubscription(t.db, { customerId: avery.id });
});
afterAll(async () => {
  await Promise.all(started.map((c) => c.close()));
  await t.close();
});

describe('the first map view after a start', () => {
  it('answers at once while the index is still building, from the sketch the last build saved, with the right totals', async () => {
    // An instance that ran before builds the index and saves its sketch.
    const before = await clusterView({ primary: t.db }, instance(), admin, query, 'America/Chicago');
    expect(before).toMatchObject({ total: 50_001, coarse: false });
    await expect.poll(async () => (await t.db.select().from(mapSketches)).length, { timeout: 10_000 }).toBe(1);

    // A new instance whose points are held back: its index cannot be built yet.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = new Proxy(t.db, {
      get: (db, name) =>
        name === 'execute'
          ? async (q: Parameters<Db['execute']>[0]) => (await gate, db.execute(q))
          : Reflect.get(db, name),
    });
    const replicas = { pick: () => held } as unknown as ReplicaSet;
    const clusters = instance();
    const first = await clusterView({ primary: t.db, replicas }, clusters, admin, query, 'America/Chicago');
    expect(first).toMatchObject({ coarse: true, total: 50_001, bounds: before.bounds });
    expect(first.items.reduce((sum, i) => sum + i.count, 0)).toBe(50_001);
    // A lone member is its marker, named as in the index.
    expect(first.items.find((i) => i.count === 1)).toEqual(before.items.find((i) => i.count === 1));

    release();
    await expect
      .poll(async () => (await clusterView({ primary: t.db }, clusters, admin, query, 'America/Chicago')).coarse, {
        timeout: 20_000,
      })
      .toBe(false);
    expect((await clusterView({ primary: t.db }, clusters, admin, query, 'America/Chicago')).total).toBe(50_001);
  });

  it('builds before answering when no sketch may stand for the points', async () => {
    // The instances before have saved what they were saving once closed: none puts a sketch back after this.
    await Promise.all(started.splice(0).map((c) => c.close()));
    await t.db.delete(mapSketches);
    const view = await clusterView({ primary: t.db }, instance(), admin, query, 'America/Chicago');
    expect(view).toMatchObject({ coarse: false, total: 50_001 });
  });
});
