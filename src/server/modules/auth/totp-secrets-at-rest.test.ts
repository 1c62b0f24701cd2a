import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { bootstrap } from '../../bootstrap';
import { testConfig, type Config } from '../../config';
import { users } from '../../db/schema';
import { keyIdOf } from '../../secrets/keyring';
import { Agent, createTestApp, spaShell, type TestApp, type TestUser } from '../../test/app';
import { MFA_MESSAGES } from '../../../contract/mfa';

/** The app's clock: each accepted code uses up its 30-second step, so the clock moves on between sign-ins. */
let clock = Date.now();
const nextStep = () => {
  clock += 30_000;
};
const keyText = () => randomBytes(32).toString('base64');
const KEY = keyText();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ENCRYPTION_KEY: KEY }, { now: () => clock });
});
afterAll(() => t.close());

/** Another instance on the same database, configured otherwise (its keys). */
const others: FastifyInstance[] = [];
afterAll(() => Promise.all(others.map((app) => app.close())));
async function instance(overrides: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ LOGIN_RATE_LIMIT: 1000, ...overrides }), {
    database: t.database,
    webDir: spaShell(),
    now: () => clock,
  });
  await app.ready();
  others.push(app);
  return app;
}

/** The next start of the server on this database, with these settings. */
const restart = (overrides: Partial<Config>) =>
  bootstrap(t.database, testConfig({ ADMIN_PASSWORD: 'not-used-1', ...overrides }), pino({ level: 'silent' }));

const codeAt = (secret: string, ms = clock) => generate({ secret, epoch: Math.floor(ms / 1000) });
const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** Sets up the second factor through the account page; answers the secret and the recovery codes shown. */
async function enrolled(app = t.app) {
  const user = await t.createUser();
  const agent = new Agent(app);
  await agent.loadPage();
  agent.csrfToken = (await agent.post('/admin/login', { email: user.email, password: user.password })).json().csrfToken;
  const { secret } = (await agent.post('/admin/api/account/two-factor/setup')).json() as { secret: string };
  const confirm = await agent.post('/admin/api/account/two-factor/confirm', { code: await codeAt(secret) });
  expect(confirm.statusCode).toBe(200);
  nextStep();
  return { user, secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** The password step, then the code step, on an instance: the code step's answer. */
async function signIn(app: FastifyInstance, user: TestUser, code: string) {
  const agent = new Agent(app);
  await agent.loadPage();
  const first = await agent.post('/admin/login', { email: user.email, password: user.password });
  expect(first.json()).toEqual({ mfaRequired: true });
  const second = await agent.post('/admin/login/totp', { code });
  return { res: second, me: (await agent.get('/admin/api/me')).statusCode };
}

/** The tables (and their row counts) in which any text column, JSON included, holds the text. */
async function tablesHolding(text: string): Promise<string[]> {
  const { rows } = (await t.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as {
    rows: { tablename: string }[];
  };
  const found: string[] = [];
  for (const { tablename } of rows) {
    const hit = (await t.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(tablename)} r where r::text like ${`%${text}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if (hit.rows[0]!.n > 0) found.push(tablename);
  }
  return found;
}

/** What release 1.0.0 left: a secret in clear, in force or pending a code. */
async function plaintextFromTheLastRelease(enabled: boolean) {
  const user = await t.createUser();
  const secret = generateSecret();
  await t.db
    .update(users)
    .set({ totpSecret: secret, totpEnabledAt: enabled ? new Date(clock) : null })
    .where(eq(users.id, user.id));
  return { user, secret };
}

describe('TOTP secrets at rest', () => {
  it('keeps no secret in clear anywhere in the database once set up, and signs in with a code', async () => {
    const { user, secret } = await enrolled();
    expect(await tablesHolding(secret)).toEqual([]);
    const stored = await row(user.id);
    expect(stored.totpSecret).toBeNull();
    expect(stored.totpSecretSealed).toMatch(new RegExp(`^v1\\.${keyIdOf(Buffer.from(KEY, 'base64'))}\\.`));
    // What release 1.0.0 reads at the code step: no secret, with the factor on. It answers "sign-in expired" and
    // asks for the password again; it never signs in with the password alone, nor checks a code against nothing.
    expect(stored.totpEnabledAt).not.toBeNull();

    const { res, me } = await signIn(t.app, user, await codeAt(secret));
    expect(res.statusCode).toBe(200);
    expect(me).toBe(200);
  });

  it('seals at the next start a secret left in clear by the previous release, which signs in before and after', async () => {
    const enabled = await plaintextFromTheLastRelease(true);
    const pending = await plaintextFromTheLastRelease(false);
    // Read in clear until the start seals it.
    expect((await signIn(t.app, enabled.user, await codeAt(enabled.secret))).res.statusCode).toBe(200);
    nextStep();

    const result = await restart({ ENCRYPTION_KEY: KEY });
    expect(result.admin).toBeNull();
    for (const { user, secret } of [enabled, pending]) {
      expect(await row(user.id)).toMatchObject({ totpSecret: null, totpSecretSealed: expect.stringMatching(/^v1\./) });
      expect(await tablesHolding(secret)).toEqual([]);
    }
    expect((await row(pending.user.id)).totpEnabledAt).toBeNull();
    const { res, me } = await signIn(t.app, enabled.user, await codeAt(enabled.secret));
    expect(res.statusCode).toBe(200);
    expect(me).toBe(200);

    // Run again, it changes nothing.
    const sealed = (await row(enabled.user.id)).totpSecretSealed;
    await restart({ ENCRYPTION_KEY: KEY });
    expect((await row(enabled.user.id)).totpSecretSealed).toBe(sealed);
  });

  it('reads a secret a previous-release instance set up again in clear rather than the sealed one it replaced', async () => {
    const { user } = await enrolled();
    const again = generateSecret();
    // 1.0.0 turned the factor off and on again: it writes only the clear column.
    await t.db.update(users).set({ totpSecret: again }).where(eq(users.id, user.id));
    expect((await signIn(t.app, user, await codeAt(again))).res.statusCode).toBe(200);
    nextStep();
    await restart({ ENCRYPTION_KEY: KEY });
    expect((await row(user.id)).totpSecret).toBeNull();
    expect((await signIn(t.app, user, await codeAt(again))).res.statusCode).toBe(200);
  });

  it('refuses a code with a clear message on an instance with the wrong key, never letting it through', async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    const wrong = await instance({ ENCRYPTION_KEY: keyText() });
    const { res, me } = await signIn(wrong, user, await codeAt(secret));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: MFA_MESSAGES.secretUnreadable, errors: [MFA_MESSAGES.secretUnreadable] });
    expect(me).toBe(401);
    // A recovery code needs no key.
    const recovered = await signIn(wrong, user, recoveryCodes[0]!);
    expect(recovered.res.statusCode).toBe(200);
    expect(recovered.me).toBe(200);
    // The instance with the right key still signs in with a code.
    expect((await signIn(t.app, user, await codeAt(secret))).res.statusCode).toBe(200);
  });

  it('refuses to start with a key that cannot open the sealed secrets, naming the key and the accounts', async () => {
    const { user } = await enrolled();
    const before = (await row(user.id)).totpSecretSealed;
    const start = restart({ ENCRYPTION_KEY: keyText() });
    await expect(start).rejects.toThrow(/^Invalid configuration:\n {2}ENCRYPTION_KEY: .*sealed with a key/);
    await expect(start).rejects.toThrow(user.email);
    await expect(start).rejects.toThrow(keyIdOf(Buffer.from(KEY, 'base64')));
    expect((await row(user.id)).totpSecretSealed).toBe(before);
  });

  it('rotates the key: the previous key opens, the start seals again with the new one, which alone then suffices', async () => {
    const { user, secret } = await enrolled();
    const next = keyText();
    const rotated = { ENCRYPTION_KEY: next, ENCRYPTION_KEY_PREVIOUS: KEY };
    // An instance given both keys signs in with what the old one sealed, before any start has sealed it again.
    expect((await signIn(await instance(rotated), user, await codeAt(secret))).res.statusCode).toBe(200);
    nextStep();

    await restart(rotated);
    const newId = keyIdOf(Buffer.from(next, 'base64'));
    expect((await row(user.id)).totpSecretSealed).toMatch(new RegExp(`^v1\\.${newId}\\.`));
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as n from users where totp_secret_sealed is not null and totp_secret_sealed not like ${`v1.${newId}.%`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);

    const newOnly = await instance({ ENCRYPTION_KEY: next });
    expect((await signIn(newOnly, user, await codeAt(secret))).res.statusCode).toBe(200);
    nextStep();
    // The old key alone opens nothing any more.
    expect((await signIn(await instance({ ENCRYPTION_KEY: KEY }), user, await codeAt(secret))).res.statusCode).toBe(
      503,
    );
    // Back to the first key for the other tests of this file.
    await restart({ ENCRYPTION_KEY: KEY, ENCRYPTION_KEY_PREVIOUS: next });
  });

  it('moves from the key kept in the database to ENCRYPTION_KEY with no other step', async () => {
    const generated = await instance({});
    const { user, secret } = await enrolled(generated);
    await restart({ ENCRYPTION_KEY: KEY });
    expect((await row(user.id)).totpSecretSealed).toMatch(
      new RegExp(`^v1\\.${keyIdOf(Buffer.from(KEY, 'base64'))}\\.`),
    );
    expect((await signIn(t.app, user, await codeAt(secret))).res.statusCode).toBe(200);
  });
});
