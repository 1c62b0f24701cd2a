import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupEndpoints } from '../../../contract/backups';
import { ENDPOINTS } from '../../../contract/endpoints';
import { generate } from '../../seed/generate';
import { createTestApp, type TestApp } from '../app';
import { fuzz, type FuzzReport } from './fuzz';

/** A fixed seed always, plus one random seed per run, printed so a failure replays with FUZZ_SEED. */
const FIXED_SEED = 20261123;
const randomSeed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await generate(t.db, { scale: 'demo', seed: 3, timeZone: 'America/Chicago' });
}, 180_000);
afterAll(() => t.close());

const summary = (r: FuzzReport) =>
  `seed ${r.seed}: ${r.requests} requests, statuses ${JSON.stringify(r.byStatus)}, 5xx ${r.serverErrors.length}`;

describe('the fuzz tier', () => {
  it.each([
    ['the fixed seed', FIXED_SEED],
    ['a random seed', randomSeed],
  ])(
    'answers every generated call from %s without a server error, and a refused call changes nothing',
    async (_name, seed) => {
      const agent = await t.signIn();
      // A backup download takes no input and copies the whole database: its access is tested with the rest.
      const endpoints = ENDPOINTS.filter((e) => e.path !== '/admin/logout' && e !== backupEndpoints.download);
      const report = await fuzz(agent, t.db, endpoints, { seed, requests: REQUESTS, timeLimitMs: 40_000 });
      console.log(summary(report));
      expect(report.requests).toBeGreaterThan(200);
      expect(report.serverErrors).toEqual([]);
      expect(report.changedByRejected).toEqual([]);
      expect((await agent.get('/ready')).statusCode).toBe(200);
      expect((await agent.get('/admin/api/me')).statusCode).toBe(200);
    },
    120_000,
  );
});
