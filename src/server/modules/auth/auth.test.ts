import { RELEASE_VERSION, SCHEMA_MIGRATION } from '../../release';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { sessions, users } from '../../db/schema';
import { verifyPassword } from './password';
import { ensureAdmin } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionCount = async () => ((await t.db.select({ n: count() }).from(sessions)) as [{ n: number }])[0].n;

describe('sign-in', () => {
  it('signs in with the right password and answers the user and a fresh CSRF token', async () => {
    const user = await t.createUser({ name: 'Dana Staff' });
    const agent = await t.guest();
    const res = await agent.post('/admin/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: user.email, name: 'Dana Staff' });
    expect(res.json().csrfToken).toEqual(expect.any(String));
    const cookie = res.cookies.find((c) => c.name === 'bo_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    agent.csrfToken = res.json().csrfToken;
    const me = await agent.get('/admin/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
  });

  it('accepts a classic form post with the _token field and redirects to the dashboard', async () => {
    const user = await t.createUser();
    const agent = await t.guest();
    const body = new URLSearchParams({
      email: user.email,
      password: user.password,
      _token: agent.csrfToken,
    }).toString();
    const res = await agent.post('/admin/login', body, {
      'content-type': 'application/x-www-form-urlencoded',
      'x-requested-with': '',
      'x-csrf-token': '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin');
  });

  it('refuses a wrong password with a message on the email field', async () => {
    const user = await t.createUser();
    const agent = await t.guest();
    const res = await agent.post('/admin/login', { email: user.email, password: 'wrong password' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    expect((await agent.get('/admin/api/me')).statusCode).toBe(401);
  });

  it('refuses an unknown e-mail the same way as a wrong password', async () => {
    const agent = await t.guest();
    const res = await agent.post('/admin/login', { email: 'nobody@example.com', password: 'whatever' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['These credentials do not match our records.']);
  });

  it.each([
    ['missing fields', {}, ['email', 'password']],
    ['wrong types', { email: 42, password: ['x'] }, ['email', 'password']],
    ['a malformed e-mail', { email: 'not-an-email', password: 'x' }, ['email']],
    ['unknown keys', { email: 'a@example.com', password: 'x', isAdmin: true }, ['isAdmin']],
  ])('answers 422 with field errors for %s', async (_label, body, fields) => {
    const agent = await t.guest();
    const res = await agent.post('/admin/login', body);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort());
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers 413 to an oversized body and writes nothing', async () => {
    const agent = await t.guest();
    const before = await sessionCount();
    const res = await agent.post('/admin/login', { email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request is too large.');
    expect(await sessionCount()).toBe(before);
  });

  it('rate-limits repeated sign-in attempts with a clear message', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: 3 });
    try {
      const agent = await limited.guest();
      const attempts = [];
      for (let i = 0; i < 4; i++)
        attempts.push(await agent.post('/admin/login', { email: 'x@example.com', password: 'nope' }));
      expect(attempts.slice(0, 3).map((r) => r.statusCode)).toEqual([422, 422, 422]);
      expect(attempts[3]!.statusCode).toBe(429);
      expect(attempts[3]!.json().message).toBe('Too many sign-in attempts. Please wait a minute and try again.');
    } finally {
      await limited.close();
    }
  });

  it('signs out, after which the session no longer works', async () => {
    const agent = await t.signIn();
    expect((await agent.post('/admin/logout')).statusCode).toBe(204);
    expect((await agent.get('/admin/api/me')).statusCode).toBe(401);
  });
});

describe('hostile sign-in input', () => {
  it.each([
    [
      'a NUL byte in the e-mail',
      { email: 'staff\u0000@example.com' },
      'email',
      'The email may not contain a NUL character.',
    ],
    [
      'a lone surrogate in the e-mail',
      { email: '\ud800staff@example.com' },
      'email',
      'The email contains an invalid character.',
    ],
    [
      'a NUL byte in the password',
      { password: 'correct horse battery\u0000' },
      'password',
      'The password may not contain a NUL character.',
    ],
    [
      'a lone surrogate in the password',
      { password: 'correct \udc00' },
      'password',
      'The password contains an invalid character.',
    ],
  ])('refuses %s with 422 and signs nobody in', async (_label, change, field, message) => {
    const user = await t.createUser();
    const agent = await t.guest();
    const res = await agent.post('/admin/login', { email: user.email, password: user.password, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect((await agent.get('/admin/api/me')).statusCode).toBe(401);
  });

  it('refuses a NUL byte in a classic form post with 422', async () => {
    const agent = await t.guest();
    const body = `email=staff%00%40example.com&password=x&_token=${encodeURIComponent(agent.csrfToken)}`;
    const res = await agent.post('/admin/login', body, {
      'content-type': 'application/x-www-form-urlencoded',
      'x-requested-with': '',
      'x-csrf-token': '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email may not contain a NUL character.']);
  });
});

describe('CSRF', () => {
  it('answers 419 to a state-changing request without the token, and signs nobody in', async () => {
    const user = await t.createUser();
    const agent = await t.guest();
    agent.csrfToken = '';
    const res = await agent.post('/admin/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect((await agent.get('/admin/api/me')).statusCode).toBe(401);
  });

  it('answers 419 to a forged token', async () => {
    const agent = await t.signIn();
    agent.csrfToken = 'forged';
    expect((await agent.post('/admin/logout')).statusCode).toBe(419);
  });

  it('puts the token in a meta tag of every page', async () => {
    const agent = await t.guest();
    expect(agent.csrfToken.length).toBeGreaterThan(10);
  });
});

describe('the sign-in guard', () => {
  it('answers JSON 401 to an API call without a session', async () => {
    const agent = await t.guest();
    const res = await agent.get('/admin/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 401 to a state-changing /admin call without a session, even with a valid token', async () => {
    const agent = await t.guest();
    const res = await agent.post('/admin/feedback-submissions', { body: 'hello' });
    expect(res.statusCode).toBe(401);
  });

  it('redirects a page request without a session to the login page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/devices', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/login');
  });

  it('serves pages to a signed-in user, uncached, with the CSRF meta tag', async () => {
    const agent = await t.signIn();
    const res = await agent.loadPage('/admin/anything/at/all');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<meta name="csrf-token"');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sets the colour scheme before the first paint with an inline script only this page’s nonce allows', async () => {
    const agent = await t.signIn();
    const pages = [await agent.loadPage('/admin'), await agent.loadPage('/admin')];
    const nonces = pages.map((res) => {
      const nonce = /<script nonce="([^"]+)">try\{var s=localStorage/.exec(res.body)?.[1];
      expect(nonce).toBeDefined();
      expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`);
      // Styles keep their own rule: a nonce there would switch off the inline styles the UI kit sets.
      expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const agent = await t.signIn();
    const res = await agent.get('/admin/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found.' });
  });
});

describe('first start', () => {
  it('creates the admin account once, with a generated password when none is configured', async () => {
    const fresh = await createTestApp();
    try {
      const created = await ensureAdmin(fresh.db, 'Boss@Example.com', undefined);
      expect(created?.generatedPassword).toEqual(expect.any(String));
      const [row] = await fresh.db.select().from(users).where(eq(users.email, 'boss@example.com'));
      expect(await verifyPassword(created!.generatedPassword!, row!.passwordHash)).toBe(true);
      expect(await ensureAdmin(fresh.db, 'boss@example.com', undefined)).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it('creates the admin account when only other roles exist, as after a seed that made field reps', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.createUser({ role: 'field-rep' });
      const disabled = await fresh.createUser({ role: 'administrator' });
      await fresh.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
      expect(await ensureAdmin(fresh.db, 'lead@example.com', 'a long enough secret')).toEqual({
        email: 'lead@example.com',
      });
      const [row] = await fresh.db.select().from(users).where(eq(users.email, 'lead@example.com'));
      expect(row?.role).toBe('administrator');
    } finally {
      await fresh.close();
    }
  });

  it('refuses to start, saying why, when ADMIN_EMAIL belongs to a non-Administrator and no Administrator exists', async () => {
    const fresh = await createTestApp();
    try {
      const rep = await fresh.createUser({ role: 'field-rep' });
      await expect(ensureAdmin(fresh.db, rep.email, undefined)).rejects.toThrow('belongs to another account');
    } finally {
      await fresh.close();
    }
  });
});

describe('health', () => {
  it('reports the process up and the database ready, with the release and its schema', async () => {
    const release = { version: RELEASE_VERSION, schema: SCHEMA_MIGRATION };
    expect(RELEASE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(SCHEMA_MIGRATION).toMatch(/^\d{4}_/);
    expect((await t.app.inject('/health')).json()).toEqual({ status: 'ok', ...release });
    const ready = await t.app.inject('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      ...release,
      database: t.database.kind,
      // The PostgreSQL tier reads through a stand-in replica (src/server/test/database.ts).
      replicas: t.database.kind === 'postgres' ? [{ name: 'replica 1', status: 'ok', lagMs: 0 }] : [],
    });
  });

  it('names the release that served a page, for the footer of the navigation', async () => {
    const page = await (await t.signIn()).get('/admin', { accept: 'text/html', 'x-requested-with': '' });
    expect(page.body).toContain(`<meta name="release" content="${RELEASE_VERSION} · schema ${SCHEMA_MIGRATION}">`);
  });
});
