import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { Agent, createStaffUser, createTestApp, spaShell, type TestApp } from '../../test/app';
import { openTestDatabase } from '../../test/database';

const TOO_MANY = 'Too many sign-in attempts. Please wait a minute and try again.';
const A = '198.51.100.1';
const B = '198.51.100.2';

let clock = Date.now();
const later = (ms: number) => (clock += ms);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: true, LOGIN_RATE_LIMIT: 1000 }, { now: () => clock });
});
afterAll(() => t.close());

/** A browser behind the trusted proxy, which appends the client's address to X-Forwarded-For. */
async function client(app: FastifyInstance, address = A) {
  const agent = new Agent(app);
  await agent.loadPage();
  return {
    signIn: (email: string, password: string) =>
      agent.post('/admin/login', { email, password }, { 'x-forwarded-for': address }),
  };
}

describe('sign-in throttling per client address', () => {
  it('refuses attempts beyond LOGIN_RATE_LIMIT a minute with 429 and Retry-After, and lets the next minute in', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: 3 }, { now: () => clock });
    try {
      const user = await limited.createUser();
      const agent = await limited.guest();
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await agent.post('/admin/login', { email: `x${i}@example.com`, password: 'nope' })).statusCode);
      expect(statuses).toEqual([422, 422, 422]);

      const refused = await agent.post('/admin/login', { email: user.email, password: user.password });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: TOO_MANY, errors: [TOO_MANY] });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

      later(60_000);
      expect((await agent.post('/admin/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('behind TRUST_PROXY=1 takes the address the proxy appended, so rotating the left of X-Forwarded-For changes nothing', async () => {
    const limited = await createTestApp({ TRUST_PROXY: true, LOGIN_RATE_LIMIT: 3 }, { now: () => clock });
    try {
      const agent = await limited.guest();
      const attempt = (forwardedFor: string) =>
        agent.post('/admin/login', { email: 'x@example.com', password: 'nope' }, { 'x-forwarded-for': forwardedFor });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt(`10.0.0.${i}, 192.0.2.${i}, ${A}`)).statusCode);
      expect(statuses).toEqual([422, 422, 422, 429]);
      expect((await attempt(`10.0.0.9, ${B}`)).statusCode).toBe(422);
    } finally {
      await limited.close();
    }
  });

  it('behind TRUST_PROXY=1 refuses a forwarded client that is not an address, with 400 and nothing stored', async () => {
    const guest = await t.guest();
    for (const forged of ['evil', '1.2.3.4.5', '<script>', '999.1.1.1', 'unknown', '10.0.0.1 ; drop'] as const) {
      const res = await guest.post(
        '/admin/login',
        { email: 'x@example.com', password: 'nope' },
        { 'x-forwarded-for': `${A}, ${forged}` },
      );
      expect(res.statusCode, forged).toBe(400);
    }
    expect((await guest.get('/admin/api/me', { 'x-forwarded-for': '2001:db8::1' })).statusCode).toBe(401);
  });

  it('behind TRUST_PROXY=1 still takes the scheme from the proxy, so the session cookie is Secure', async () => {
    const user = await t.createUser();
    const agent = await t.guest();
    const res = await agent.post(
      '/admin/login',
      { email: user.email, password: user.password },
      { 'x-forwarded-for': A, 'x-forwarded-proto': 'https' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'bo_session')?.secure).toBe(true);
  });

  it('with TRUST_PROXY=0 ignores X-Forwarded-For and counts the connection address', async () => {
    const limited = await createTestApp({ TRUST_PROXY: false, LOGIN_RATE_LIMIT: 3 }, { now: () => clock });
    try {
      const agent = await limited.guest();
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await agent.post(
              '/admin/login',
              { email: 'x@example.com', password: 'nope' },
              { 'x-forwarded-for': `192.0.2.${i}` },
            )
          ).statusCode,
        );
      expect(statuses).toEqual([422, 422, 422, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-in throttling per account and address', () => {
  it('makes address A wait after five wrong passwords for an account while address B signs in at once', async () => {
    const user = await t.createUser();
    const attacker = await client(t.app, A);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attacker.signIn(user.email, 'wrong password')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422]);

    const refused = await attacker.signIn(user.email, user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY, errors: [TOO_MANY] });
    expect(Number(refused.headers['retry-after'])).toBe(60);

    expect((await (await client(t.app, B)).signIn(user.email, user.password)).statusCode).toBe(200);
    // The same address may still try other accounts: the wait is for that pair only.
    const other = await t.createUser();
    expect((await attacker.signIn(other.email, other.password)).statusCode).toBe(200);
  });

  it('refuses an unknown e-mail after the same failures with the same answer, so a refusal reveals no account', async () => {
    const attacker = await client(t.app, A);
    for (let i = 0; i < 5; i++) await attacker.signIn('nobody@example.com', 'wrong password');
    const refused = await attacker.signIn('Nobody@Example.com', 'wrong password');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY, errors: [TOO_MANY] });
    expect(refused.headers['retry-after']).toBe('60');
  });

  it('forgets the failures of a pair once the right password is given', async () => {
    const user = await t.createUser();
    const browser = await client(t.app, A);
    for (let i = 0; i < 4; i++) await browser.signIn(user.email, 'typo');
    expect((await browser.signIn(user.email, user.password)).statusCode).toBe(200);

    const again = await client(t.app, A);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await again.signIn(user.email, 'typo')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('forgets the failures of a pair after 15 minutes without an attempt', async () => {
    const user = await t.createUser();
    const browser = await client(t.app, A);
    for (let i = 0; i < 4; i++) await browser.signIn(user.email, 'typo');
    later(15 * 60_000);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await browser.signIn(user.email, 'typo')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('doubles the wait after each further failure, up to 10 minutes, and lets the pair in once it is over', async () => {
    const user = await t.createUser();
    const attacker = await client(t.app, A);
    for (let i = 0; i < 5; i++) await attacker.signIn(user.email, 'wrong password');
    const waits = [];
    for (let i = 0; i < 6; i++) {
      const wait = Number((await attacker.signIn(user.email, 'wrong password')).headers['retry-after']);
      waits.push(wait);
      later(wait * 1000);
      expect((await attacker.signIn(user.email, 'wrong password')).statusCode).toBe(422);
    }
    expect(waits).toEqual([60, 120, 240, 480, 600, 600]);

    later(600_000);
    expect((await attacker.signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('lets no concurrent attempt slip past the count', async () => {
    const user = await t.createUser();
    const attacker = await client(t.app, A);
    const answers = await Promise.all(Array.from({ length: 10 }, () => attacker.signIn(user.email, 'wrong password')));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(422), ...Array(5).fill(429)]);
  });
});

describe('sign-in throttling across app instances', () => {
  it('shares the counters of two instances on the same database', async () => {
    const database = await openTestDatabase();
    const config = testConfig({ TRUST_PROXY: true, LOGIN_RATE_LIMIT: 4 });
    const one = await buildApp(config, { database, webDir: spaShell() });
    const two = await buildApp(config, { database, webDir: spaShell() });
    try {
      const user = await createStaffUser(database.db);
      const [onOne, onTwo] = [await client(one, A), await client(two, A)];
      expect((await onOne.signIn(user.email, 'wrong password')).statusCode).toBe(422);
      expect((await onOne.signIn(user.email, 'wrong password')).statusCode).toBe(422);
      expect((await onTwo.signIn(user.email, 'wrong password')).statusCode).toBe(422);
      expect((await onTwo.signIn(user.email, 'wrong password')).statusCode).toBe(422);
      expect((await onOne.signIn(user.email, user.password)).statusCode).toBe(429);
      expect((await onTwo.signIn(user.email, user.password)).statusCode).toBe(429);
      // Another address has its own minute on either instance.
      expect((await (await client(two, B)).signIn(user.email, user.password)).statusCode).toBe(200);
    } finally {
      await one.close();
      await two.close();
      await database.close();
    }
  });

  it('shares the failures of a pair between two instances', async () => {
    const database = await openTestDatabase();
    const config = testConfig({ TRUST_PROXY: true, LOGIN_RATE_LIMIT: 1000 });
    const one = await buildApp(config, { database, webDir: spaShell() });
    const two = await buildApp(config, { database, webDir: spaShell() });
    try {
      const user = await createStaffUser(database.db);
      const [onOne, onTwo] = [await client(one, A), await client(two, A)];
      for (let i = 0; i < 3; i++) await onOne.signIn(user.email, 'wrong password');
      for (let i = 0; i < 2; i++) await onTwo.signIn(user.email, 'wrong password');
      expect((await onOne.signIn(user.email, user.password)).statusCode).toBe(429);
    } finally {
      await one.close();
      await two.close();
      await database.close();
    }
  });
});
