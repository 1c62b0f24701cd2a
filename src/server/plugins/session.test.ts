import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { sessions, users } from '../db/schema';

let t: TestApp;
let clock = Date.now();
const HOUR = 3_600_000;

beforeAll(async () => {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-assets-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
  t = await createTestApp({ SESSION_ABSOLUTE_HOURS: 12 }, { webDir, now: () => clock });
});
afterAll(() => t.close());

const sessionRows = async () => ((await t.db.select({ n: count() }).from(sessions)) as [{ n: number }])[0].n;

describe('sessions', () => {
  it('writes no session row for a guest: 300 login page loads leave the store as it was', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 300; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/admin/login', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
    }
    expect(await sessionRows()).toBe(before);
  });

  it('keeps the login page CSRF-protected: a sign-in without the token is refused, with it accepted', async () => {
    const user = await t.createUser();
    const guest = await t.guest();
    const token = guest.csrfToken;
    guest.csrfToken = '';
    expect((await guest.post('/admin/login', { email: user.email, password: user.password })).statusCode).toBe(419);
    guest.csrfToken = token;
    expect((await guest.post('/admin/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('ends a session after its absolute lifetime even when it was used all along', async () => {
    const agent = await t.signIn();
    for (let hours = 0; hours < 11; hours++) {
      clock += HOUR;
      expect((await agent.get('/admin/api/me')).statusCode).toBe(200);
    }
    clock += 1.5 * HOUR;
    expect((await agent.get('/admin/api/me')).statusCode).toBe(401);
  });

  it('ends every session of a user whose session epoch moved on (password change, sign-out everywhere)', async () => {
    const first = await t.signIn();
    const userId = first.user.id;
    expect((await first.get('/admin/api/me')).statusCode).toBe(200);
    await t.db
      .update(users)
      .set({ sessionEpoch: sql`${users.sessionEpoch} + 1` })
      .where(eq(users.id, userId));
    expect((await first.get('/admin/api/me')).statusCode).toBe(401);
  });

  it('writes a session in use once a minute at most, and then extends its idle expiry and its cookie', async () => {
    const agent = await t.signIn();
    const stored = async () => {
      const rows = await t.db.select().from(sessions);
      return rows.find((r) => (r.data as { userId?: number }).userId === agent.user.id)!;
    };
    const signedIn = await stored();
    for (let i = 0; i < 20; i++) {
      const res = await agent.get('/admin/api/me');
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await stored()).expiresAt).toEqual(signedIn.expiresAt);

    // As if the last write was two minutes ago: the next call writes it again, with a fresh cookie.
    const earlier = (date: Date) => new Date(date.getTime() - 2 * 60_000);
    const data = signedIn.data as { cookie: { expires: string } };
    await t.db
      .update(sessions)
      .set({
        expiresAt: earlier(signedIn.expiresAt),
        data: { ...data, cookie: { ...data.cookie, expires: earlier(new Date(data.cookie.expires)).toISOString() } },
      })
      .where(eq(sessions.sid, signedIn.sid));
    const res = await agent.get('/admin/api/me');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('bo_session=');
    expect((await stored()).expiresAt.getTime()).toBeGreaterThan(signedIn.expiresAt.getTime() - 60_000);
  });

  it('ends the session of a disabled account on its next call', async () => {
    const agent = await t.signIn();
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, agent.user.id));
    expect((await agent.get('/admin/api/me')).statusCode).toBe(401);
  });
});

describe('source maps', () => {
  it('serves scripts to anyone but their source maps only to staff', async () => {
    const guest = await t.guest();
    expect((await guest.get('/admin/assets/app.js')).statusCode).toBe(200);
    for (const url of ['/admin/assets/app.js.map', '/admin/assets/app.js%2Emap', '/admin/assets/%61pp.js.map'])
      expect((await guest.get(url)).statusCode, url).toBe(404);
    const agent = await t.signIn();
    const map = await agent.get('/admin/assets/app.js.map');
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret.ts');
  });

  it('lets no shared cache keep a source map: private, varying by cookie, while scripts stay public', async () => {
    const agent = await t.signIn();
    const map = await agent.get('/admin/assets/app.js.map');
    expect(map.headers['cache-control']).toMatch(/^private\b/);
    expect(map.headers['cache-control']).not.toContain('public');
    expect(String(map.headers.vary).toLowerCase()).toContain('cookie');
    const script = await agent.get('/admin/assets/app.js');
    expect(script.headers['cache-control']).toContain('public');
  });
});

describe('a short idle time', () => {
  it('keeps a session in continuous use alive with SESSION_IDLE_MINUTES=1: refreshed within a quarter of it', async () => {
    const short = await createTestApp({ SESSION_IDLE_MINUTES: 1 });
    try {
      const agent = await short.signIn();
      const [row] = await short.db.select().from(sessions);
      // As if the session had last been written 20 s ago, with 40 s of idle time left: in use, it must move on.
      const aged = (date: Date) => new Date(date.getTime() - 20_000);
      const data = row!.data as { cookie: { expires: string } };
      await short.db
        .update(sessions)
        .set({
          expiresAt: aged(row!.expiresAt),
          data: { ...data, cookie: { ...data.cookie, expires: aged(new Date(data.cookie.expires)).toISOString() } },
        })
        .where(eq(sessions.sid, row!.sid));
      const res = await agent.get('/admin/api/me');
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toContain('bo_session=');
      const [after] = await short.db.select().from(sessions).where(eq(sessions.sid, row!.sid));
      expect(after!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    } finally {
      await short.close();
    }
  });
});

describe('the CSRF secret', () => {
  it('is replaced at sign-in: a token taken before it is refused after', async () => {
    const user = await t.createUser();
    const agent = await t.guest();
    const before = agent.csrfToken;
    const res = await agent.post('/admin/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('bo_csrf=');
    const after = res.json<{ csrfToken: string }>().csrfToken;
    agent.csrfToken = before;
    expect((await agent.post('/admin/api/saved-views', { list: 'devices', name: 'x', query: '' })).statusCode).toBe(
      419,
    );
    agent.csrfToken = after;
    expect((await agent.post('/admin/logout')).statusCode).toBe(204);
  });
});
