import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Agent, createTestApp, type TestApp } from '../test/app';
import { createCustomer } from '../test/factories';
import { allows, ROLE_IDS, type Access } from '../../contract/access';
import type { RouteEntry } from './access';
import { accessPlugin } from './access';

let t: TestApp;
let secretId: number;
const SECRET = 'Quentin Leakwatch';

beforeAll(async () => {
  // Metrics on, so that every route the app can have is here, /metrics included.
  t = await createTestApp({ METRICS_TOKEN: 'metrics-token-0123456789abcdefghijklmnop' });
  secretId = (await createCustomer(t.db, { name: SECRET, email: 'leakwatch@example.test' })).id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const routes = () =>
  t.app.routeTable.filter((r): r is RouteEntry & { method: Method } => r.method !== 'HEAD' && r.method !== 'OPTIONS');

/** A concrete path for a route pattern: ids point at a real customer, so a leak would show its name. */
function concrete(url: string): string {
  return url
    .replace(/:id(?=\/|$)/, url.includes('/markers/') ? `customer-${secretId}` : String(secretId))
    .replace(/:(customerId|subscriptionId|cancellationId|reasonId)/, String(secretId))
    .replace(':limit', '10')
    .replace(':name', 'churn-trend-daily')
    .replace(':sim', '8901260000000000001')
    .replace('*', 'x');
}

/** The same path as an attacker would spell it to slip past a guard reading the URL text. */
function spellings(path: string): string[] {
  const rest = path.replace(/^\/admin/, '');
  return [
    path,
    `/%61dmin${rest}`,
    `/a%64min${rest}`,
    `/%61%64%6d%69%6e${rest}`,
    `/admin/%2e${rest}`,
    `/admin/.${rest}`,
    `//admin${rest}`,
    `/ADMIN${rest}`,
    `/Admin${rest}`,
    `${path};jsessionid=1`,
    `/admin;x=1${rest}`,
    `${path}%00`,
    `${path}/`,
    `${path}?user=1`,
    path.replace(
      /\/([^/]+)$/,
      (_m, last: string) => `/${[...last].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`,
    ),
  ];
}

describe('deny by default', () => {
  it('refuses to start a route that declares no access', async () => {
    const app = Fastify();
    await app.register(accessPlugin, { db: t.db, absoluteMs: 3_600_000, now: Date.now });
    app.get('/admin/api/undeclared', () => ({ secret: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/admin\/api\/undeclared/);
    await app.close().catch(() => undefined);
  });

  it("declares access on every route, and only sign-in (both steps), sign-out, setting a password from a link, an e-mail's unsubscribe link (its signed token), health, metrics (its own token), the login page and assets are public", () => {
    expect(routes().length).toBeGreaterThan(50);
    expect(routes().filter((r) => !r.access)).toEqual([]);
    const publicRoutes = routes()
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual(
      [
        'GET /',
        'GET /admin/api/*',
        'GET /admin/assets/*',
        'GET /admin/login',
        'GET /admin/set-password',
        'GET /admin/api/set-password',
        'GET /health',
        'GET /ready',
        'GET /metrics',
        'POST /admin/api/set-password',
        'POST /admin/login',
        'POST /admin/login/totp',
        'POST /admin/logout',
        'GET /unsubscribe',
        'POST /unsubscribe',
      ].sort(),
    );
  });

  it('answers every other route, however its path is spelled, with no data and no server error to a guest', async () => {
    const guest = await t.guest();
    const plain = new Agent(t.app);
    const failures: string[] = [];
    for (const route of routes().filter((r) => r.access !== 'public')) {
      for (const url of spellings(concrete(route.url))) {
        for (const [who, agent, headers] of [
          ['xhr', guest, {}],
          ['browser', plain, { 'x-requested-with': '', accept: 'text/html' }],
        ] as const) {
          const res = await agent.request(route.method, url, route.method === 'GET' ? undefined : {}, headers);
          const redirectsToLogin = res.statusCode === 302 && res.headers.location === '/admin/login';
          const refused = [401, 404, 419].includes(res.statusCode) || redirectsToLogin;
          if (!refused || res.body.includes('Leakwatch') || res.body.includes('leakwatch'))
            failures.push(`${who} ${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers 404 with nothing else to a path no route matches', async () => {
    const guest = await t.guest();
    for (const url of ['/admin/api/nothing-here', '/admin/api/customers/1/2/3', '/nowhere', '/%61dmin/api/nothing']) {
      const res = await guest.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not Found.' });
    }
  });
});

describe('permissions', () => {
  /** What a signed-in user of the role gets from a route: 403 exactly when the role lacks the route's permission. */
  it.each(ROLE_IDS)(
    'lets a %s call exactly the routes their role allows, and answers 403 to the rest',
    async (role) => {
      const agent = await t.signIn({ role });
      const failures: string[] = [];
      for (const route of routes().filter((r) => r.access !== 'public')) {
        // A prospect's marker: a member's marker has its own rule (below).
        const url = concrete(route.url).replace('/markers/customer-', '/markers/prospect-');
        // Mutations aim at a record that does not exist, so an allowed call is refused for its input, not its rights.
        const target = route.method === 'GET' ? url : url.replaceAll(String(secretId), '2147483000');
        const res = await agent.request(route.method, target, route.method === 'GET' ? undefined : {});
        const allowed = allows(role, route.access as Access);
        const ok = allowed ? ![401, 403].includes(res.statusCode) && res.statusCode < 500 : res.statusCode === 403;
        if (!ok) failures.push(`${route.method} ${route.url} (${route.access}) -> ${res.statusCode}`);
        if (!allowed && res.statusCode === 403)
          expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
      }
      expect(failures).toEqual([]);
    },
    // Every route of the API, each answered in full for a role allowed it (a chart drawn, a backup listed): a
    // sweep of some hundreds of requests, not one call.
    120_000,
  );

  it("shows a member's marker only to roles with the members' map", async () => {
    const rep = await t.signIn({ role: 'field-rep', isRep: true });
    expect((await rep.get(`/admin/api/maps/markers/customer-${secretId}`)).statusCode).toBe(403);
    const ops = await t.signIn({ role: 'operations' });
    expect((await ops.get(`/admin/api/maps/markers/customer-${secretId}`)).statusCode).toBe(200);
  });
});

describe('what a browser may keep', () => {
  it('marks every answer behind a sign-in as not to be stored', async () => {
    const agent = await t.signIn();
    for (const url of [`/admin/api/customers/${secretId}`, '/admin/api/customers?page=1', '/admin/api/me']) {
      const res = await agent.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
