import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/types';
import { createCustomer } from '../test/factories';
import { Agent, createStaffUser, createTestApp, signedInAgent, spaShell, type TestApp } from '../test/app';
import { openTestDatabase } from '../test/database';
import { DEFAULT_POOL_SIZE } from '../db/client';

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text answer (`name{a="1",b="2"} 3`). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
      );
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

/** The value of the one sample with this name and these labels (among others), or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

describe('metrics off (no METRICS_TOKEN, no METRICS_PORT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /metrics with 404 to guests and staff, as any unknown path', async () => {
    const guest = await t.guest();
    const admin = await t.signIn();
    for (const agent of [guest, admin]) {
      const res = await agent.get('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found.' });
    }
    expect(t.app.metrics).toBeNull();
  });
});

describe('metrics on the main port (METRICS_TOKEN)', () => {
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp(testConfig({ METRICS_TOKEN: TOKEN, LOGIN_RATE_LIMIT: 1000 }), {
      database,
      webDir: spaShell(),
    });
    // A handler that fails, and one whose statement PostgreSQL cancelled (as Drizzle reports it).
    app.get('/admin/api/broken/:id', { config: { access: 'public' } }, () => {
      throw new Error('a bug');
    });
    app.get('/admin/api/slow', { config: { access: 'public' } }, () => {
      throw new Error('Failed query', { cause: Object.assign(new Error('statement timeout'), { code: '57014' }) });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    app.inject({ method: 'GET', url: '/metrics', headers });

  it('refuses a scrape without the token or with a wrong one, and serves Prometheus text with the right one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}x`, TOKEN, 'Bearer ']) {
      const res = await scrape(authorization === undefined ? {} : { authorization });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
      expect(res.body).not.toContain('backoffice_');
    }
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE backoffice_http_requests_total counter');
    expect(res.body).toContain('# TYPE backoffice_http_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE backoffice_event_loop_delay_seconds histogram');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(valueOf(res.body, 'backoffice_build_info')).toBe(1);
  });

  it('does not let a staff session stand in for the token', async () => {
    const admin = await signedInAgent(app, await createStaffUser(database.db));
    expect((await admin.get('/metrics')).statusCode).toBe(401);
  });

  it('counts a request under its route template, never its URL with ids, and a path no route matches as unmatched', async () => {
    const admin = await signedInAgent(app, await createStaffUser(database.db));
    const customer = await createCustomer(database.db, { name: 'Metric Countwell' });
    expect((await admin.get(`/admin/api/customers/${customer.id}`)).statusCode).toBe(200);
    // A word no metric or float can contain by chance (digits could stand in any sample's value).
    expect((await admin.get('/nowhere/unroutedpath?secret=1')).statusCode).toBe(404);
    const text = (await scrape()).body;
    const route = '/admin/api/customers/:id';
    expect(valueOf(text, 'backoffice_http_requests_total', { method: 'GET', route, status: '200' })).toBe(1);
    expect(valueOf(text, 'backoffice_http_request_duration_seconds_count', { method: 'GET', route })).toBe(1);
    expect(valueOf(text, 'backoffice_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThan(0);
    expect(text).not.toContain(`/admin/api/customers/${customer.id}`);
    expect(text).not.toContain('unroutedpath');
  });

  it('counts server errors and statement timeouts', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin/api/broken/1' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/admin/api/broken/2' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/admin/api/slow' })).statusCode).toBe(503);
    const text = (await scrape()).body;
    const broken = { method: 'GET', route: '/admin/api/broken/:id', status: '500' };
    expect(valueOf(text, 'backoffice_http_requests_total', broken)).toBe(2);
    expect(valueOf(text, 'backoffice_db_statement_timeouts_total')).toBe(1);
  });

  it('counts sign-in failures', async () => {
    const user = await createStaffUser(database.db);
    const guest = new Agent(app);
    await guest.loadPage();
    for (let i = 0; i < 2; i++)
      expect((await guest.post('/admin/login', { email: user.email, password: 'not the password' })).statusCode).toBe(
        422,
      );
    const text = (await scrape()).body;
    expect(valueOf(text, 'backoffice_sign_in_failures_total', { step: 'password' })).toBe(2);
  });

  it('counts an export once it has ended, and none running after it', async () => {
    const admin = await signedInAgent(app, await createStaffUser(database.db));
    const res = await admin.get('/admin/api/customers/export.csv');
    expect(res.statusCode).toBe(200);
    const text = (await scrape()).body;
    expect(valueOf(text, 'backoffice_exports_total', { outcome: 'complete' })).toBe(1);
    expect(valueOf(text, 'backoffice_exports_running')).toBe(0);
  });

  it("reports each database pool's use, and each replica's lag and state", async () => {
    const text = (await scrape()).body;
    if (database.kind === 'pglite') {
      expect(valueOf(text, 'backoffice_db_pool_connections_max', { pool: 'embedded' })).toBe(1);
      expect(valueOf(text, 'backoffice_db_pool_waiting', { pool: 'embedded' })).toBe(0);
    } else {
      expect(valueOf(text, 'backoffice_db_pool_connections_max', { pool: 'primary' })).toBe(DEFAULT_POOL_SIZE);
      expect(valueOf(text, 'backoffice_db_pool_waiting', { pool: 'primary' })).toBe(0);
      // The test tier's stand-in replica is the primary read through read-only connections: never behind.
      expect(valueOf(text, 'backoffice_db_pool_connections_max', { pool: 'replica 1' })).toBe(DEFAULT_POOL_SIZE);
      expect(valueOf(text, 'backoffice_db_replica_lag_seconds', { replica: 'replica 1' })).toBe(0);
      expect(valueOf(text, 'backoffice_db_replica_state', { replica: 'replica 1', state: 'ok' })).toBe(1);
      expect(valueOf(text, 'backoffice_db_replica_state', { replica: 'replica 1', state: 'down' })).toBe(0);
    }
    expect(
      valueOf(text, 'backoffice_db_pool_connections_in_use', {
        pool: database.kind === 'pglite' ? 'embedded' : 'primary',
      }),
    ).toBeGreaterThanOrEqual(0);
  });
});

describe('metrics on their own port (METRICS_PORT)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_PORT: 0 });
    base = `http://127.0.0.1:${(t.app.metricsServer!.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('serves /metrics there without a token, with the sessions of signed-in staff, and nothing else', async () => {
    await t.app.inject({ method: 'GET', url: '/health' });
    const twice = await t.createUser();
    await signedInAgent(t.app, twice);
    await signedInAgent(t.app, twice);
    await t.signIn();
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(valueOf(text, 'backoffice_http_requests_total', { method: 'GET', route: '/health', status: '200' })).toBe(1);
    expect(valueOf(text, 'backoffice_sessions_active')).toBe(3);
    expect(valueOf(text, 'backoffice_staff_signed_in')).toBe(2);
    for (const path of ['/', '/health', '/admin', '/metrics/x'])
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('answers /metrics on the main port with 404, token or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found.' });
  });
});
