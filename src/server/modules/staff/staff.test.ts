import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { createTestApp, signedInAgent, type Agent, type TestApp, type TestUser } from '../../test/app';
import { openDatabase } from '../../db/client';
import { mailOutbox, passwordTokens, users } from '../../db/schema';
import { pathOf } from '../../../contract/endpoint';
import { STAFF_MESSAGES, staffEndpoints, type StaffRow } from '../../../contract/staff';
import { verifyPassword } from '../auth';
import { disableStaff, updateStaff } from './staff.service';

const STRONG = 'violet-harbor-sprocket-42';
const STRONGER = 'quiet Lantern orbit 9 meadow';

let t: TestApp;
let admin: Agent & { user: TestUser };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ name: 'Ada Admin' });
});
afterAll(() => t.close());

let seq = 0;
const uniqueEmail = (prefix = 'invitee') => `${prefix}${++seq}.${Date.now()}@example.com`;

async function invite(body: Record<string, unknown> = {}) {
  const res = await admin.post('/admin/api/staff', {
    email: uniqueEmail(),
    name: 'Ivy Invitee',
    role: 'field-rep',
    isRep: true,
    ...body,
  });
  expect(res.statusCode).toBe(201);
  const { user, link } = res.json() as { user: StaffRow; link: { url: string; expiresAt: string; mailed: boolean } };
  return { user, link, token: new URL(link.url).searchParams.get('token')! };
}

const setPassword = async (token: string, password: string) =>
  (await t.guest()).post('/admin/api/set-password', { token, password });

const staffRow = async (id: number) =>
  ((await admin.get('/admin/api/staff')).json() as StaffRow[]).find((r) => r.id === id)!;

const storedHash = async (id: number) =>
  (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.hash;

describe('inviting a colleague', () => {
  it('builds the link from PUBLIC_URL, never from the Host header of the request', async () => {
    const behind = await createTestApp({ PUBLIC_URL: 'https://office.example.com' });
    try {
      const boss = await behind.signIn();
      const res = await boss.post(
        '/admin/api/staff',
        { email: uniqueEmail(), name: 'Hal Host', role: 'analyst', isRep: false },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      );
      expect(res.statusCode).toBe(201);
      const { url } = res.json<{ link: { url: string } }>().link;
      expect(new URL(url).origin).toBe('https://office.example.com');
      const [mail] = await behind.db.select().from(mailOutbox);
      expect(mail?.text).not.toContain('evil.example');
    } finally {
      await behind.close();
    }
  });

  it('invites, lets the link set a password once, and the colleague signs in with it', async () => {
    const { user, link, token } = await invite({ email: 'New.Rep@Example.com', name: 'Nora Rep' });
    expect(user).toMatchObject({ email: 'new.rep@example.com', role: 'field-rep', isRep: true, status: 'invited' });
    expect(link.url).toMatch(/\/admin\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(link.mailed).toBe(true);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'new.rep@example.com'));
    expect(mail?.text).toContain(link.url);
    // Only the digest of the token is stored.
    const tokens = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).not.toContain(token);
    expect(tokens[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const guest = await t.guest();
    expect((await guest.post('/admin/login', { email: user.email, password: STRONG })).statusCode).toBe(422);
    const check = await guest.get(`/admin/api/set-password?token=${token}`);
    expect(check.json()).toEqual({ email: 'new.rep@example.com', name: 'Nora Rep', purpose: 'invite' });

    expect((await setPassword(token, STRONG)).statusCode).toBe(204);
    const rep = await signedInAgent(t.app, { id: user.id, email: user.email, password: STRONG });
    expect((await rep.get('/admin/api/me')).json()).toMatchObject({ id: user.id, name: 'Nora Rep' });
    expect(await staffRow(user.id)).toMatchObject({ status: 'active', openSessions: 1 });
    expect((await staffRow(user.id)).lastSignInAt).toEqual(expect.any(String));
  });

  it('refuses a used link and changes nothing', async () => {
    const { user, token } = await invite();
    expect((await setPassword(token, STRONG)).statusCode).toBe(204);
    const hash = await storedHash(user.id);
    const again = await setPassword(token, STRONGER);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([STAFF_MESSAGES.linkUsed]);
    expect(await storedHash(user.id)).toBe(hash);
  });

  it('refuses an expired link and changes nothing', async () => {
    const { user, token } = await invite();
    await t.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user.id));
    const hash = await storedHash(user.id);
    const res = await setPassword(token, STRONG);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.token).toEqual([STAFF_MESSAGES.linkExpired]);
    expect(await storedHash(user.id)).toBe(hash);
    expect(await staffRow(user.id)).toMatchObject({ status: 'invited' });
    const check = await (await t.guest()).get(`/admin/api/set-password?token=${token}`);
    expect(check.json().errors.token).toEqual([STAFF_MESSAGES.linkExpired]);
  });

  it('refuses an unknown or malformed link', async () => {
    const unknown = await setPassword('A'.repeat(43), STRONG);
    expect(unknown.json().errors.token).toEqual([STAFF_MESSAGES.linkInvalid]);
    const malformed = await setPassword('not a token', STRONG);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.token).toEqual([STAFF_MESSAGES.linkInvalid]);
  });

  it('refuses an e-mail already taken, whatever its case', async () => {
    const email = uniqueEmail('taken');
    await invite({ email });
    const res = await admin.post('/admin/api/staff', { email: email.toUpperCase(), name: 'Twin', role: 'analyst' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([STAFF_MESSAGES.emailTaken]);
  });
});

describe('password rules', () => {
  it.each([
    ['too short', 'short-pw-1', STAFF_MESSAGES.passwordTooShort],
    ['too long', 'x'.repeat(201), STAFF_MESSAGES.passwordTooLong],
    ['on the common-password list', 'password123456', STAFF_MESSAGES.passwordTooWeak],
    ['easy to guess', 'aaaaaaaaaaaaaaaa', STAFF_MESSAGES.passwordTooWeak],
    ['holding a NUL character', 'violet-harbor\u0000sprocket', 'The password may not contain a NUL character.'],
    ['holding a lone surrogate', 'violet-harbor\ud800sprocket', 'The password contains an invalid character.'],
  ])('refuses a password %s with a message on the field, and the link still works', async (_label, pw, message) => {
    const { user, token } = await invite();
    const res = await setPassword(token, pw);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([message]);
    expect(await staffRow(user.id)).toMatchObject({ status: 'invited' });
    expect((await setPassword(token, STRONG)).statusCode).toBe(204);
  });

  it("refuses a password made of the person's own e-mail", async () => {
    const email = uniqueEmail('mirror');
    const { token } = await invite({ email });
    const res = await setPassword(token, email);
    expect(res.json().errors.password).toEqual([STAFF_MESSAGES.passwordTooWeak]);
  });
});

describe('managing an account', () => {
  it('changes the role and flags', async () => {
    const user = await t.createUser({ role: 'analyst' });
    const res = await admin.patch(`/admin/api/staff/${user.id}`, {
      role: 'operations',
      isRep: true,
      canForceCreate: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, role: 'operations', isRep: true, canForceCreate: true });
  });

  it("disables an account: that user's open session gets 401 on its next call; enabling lets them sign in again", async () => {
    const user = await t.createUser({ role: 'operations' });
    const session = await signedInAgent(t.app, user);
    expect((await session.get('/admin/api/me')).statusCode).toBe(200);
    const res = await admin.post(`/admin/api/staff/${user.id}/disable`);
    expect(res.json()).toMatchObject({ status: 'disabled', openSessions: 0 });
    expect((await session.get('/admin/api/me')).statusCode).toBe(401);
    expect(
      (await (await t.guest()).post('/admin/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(422);

    expect((await admin.post(`/admin/api/staff/${user.id}/enable`)).json()).toMatchObject({ status: 'active' });
    expect((await session.get('/admin/api/me')).statusCode).toBe(401);
    const again = await signedInAgent(t.app, user);
    expect((await again.get('/admin/api/me')).statusCode).toBe(200);
  });

  it('signs an account out everywhere', async () => {
    const user = await t.createUser({ role: 'analyst' });
    const [one, two] = [await signedInAgent(t.app, user), await signedInAgent(t.app, user)];
    expect(await staffRow(user.id)).toMatchObject({ openSessions: 2 });
    const res = await admin.post(`/admin/api/staff/${user.id}/sign-out`);
    expect(res.json()).toMatchObject({ openSessions: 0, status: 'active' });
    expect((await one.get('/admin/api/me')).statusCode).toBe(401);
    expect((await two.get('/admin/api/me')).statusCode).toBe(401);
    expect((await (await signedInAgent(t.app, user)).get('/admin/api/me')).statusCode).toBe(200);
  });

  it('signs an Administrator out everywhere else, keeping the session they asked from', async () => {
    const self = await t.signIn();
    const elsewhere = await signedInAgent(t.app, self.user);
    const res = await self.post(`/admin/api/staff/${self.user.id}/sign-out`);
    expect(res.statusCode).toBe(200);
    expect((await self.get('/admin/api/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/admin/api/me')).statusCode).toBe(401);
    expect(await staffRow(self.user.id)).toMatchObject({ openSessions: 1 });
  });

  it('does not let an Administrator disable themselves', async () => {
    const self = await t.signIn();
    const res = await self.post(`/admin/api/staff/${self.user.id}/disable`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STAFF_MESSAGES.disableSelf);
    expect((await self.get('/admin/api/me')).statusCode).toBe(200);
  });

  it('resets a password: sessions end, a link is mailed and shown, the link sets the new password', async () => {
    const user = await t.createUser({ role: 'analyst' });
    const session = await signedInAgent(t.app, user);
    const res = await admin.post(`/admin/api/staff/${user.id}/reset-password`);
    expect(res.statusCode).toBe(200);
    expect(res.json().mailed).toBe(true);
    expect((await session.get('/admin/api/me')).statusCode).toBe(401);
    const token = new URL(res.json().url).searchParams.get('token')!;
    expect((await (await t.guest()).get(`/admin/api/set-password?token=${token}`)).json().purpose).toBe('reset');
    expect((await setPassword(token, STRONG)).statusCode).toBe(204);
    expect(
      (await (await t.guest()).post('/admin/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(422);
    await signedInAgent(t.app, { ...user, password: STRONG });
  });

  it('lets only the newest link of an account work', async () => {
    const { user, token: first } = await invite();
    const again = await admin.post(`/admin/api/staff/${user.id}/reset-password`);
    const second = new URL(again.json().url).searchParams.get('token')!;
    expect((await setPassword(first, STRONG)).json().errors.token).toEqual([STAFF_MESSAGES.linkExpired]);
    expect((await setPassword(second, STRONG)).statusCode).toBe(204);
  });

  it('answers 404 for an unknown account', async () => {
    const res = await admin.post('/admin/api/staff/999999/disable');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(STAFF_MESSAGES.notFound);
  });
});

describe('hostile input', () => {
  it.each([
    [
      'a NUL in the name',
      'POST',
      '/admin/api/staff',
      { email: 'nul@example.com', name: 'Nul\u0000Name', role: 'analyst' },
    ],
    ['an unknown role', 'POST', '/admin/api/staff', { email: 'role@example.com', name: 'Role', role: 'root' }],
    ['an unknown field', 'PATCH', '/admin/api/staff/1', { passwordHash: 'x' }],
    ['an id above 2^31−1', 'PATCH', '/admin/api/staff/2147483648', { isRep: true }],
    ['a hex id', 'POST', '/admin/api/staff/0x10/disable', undefined],
    ['a string flag', 'PATCH', '/admin/api/staff/1', { isRep: 'yes' }],
  ] as const)('answers 422 to %s and changes nothing', async (_label, method, url, body) => {
    const before = await admin.get('/admin/api/staff');
    const res = await admin.request(method, url, body ?? {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(expect.any(Object));
    expect((await admin.get('/admin/api/staff')).json()).toEqual(before.json());
  });
});

describe('permissions', () => {
  it('answers 403 to a non-Administrator on every staff endpoint', async () => {
    const operations = await t.signIn({ role: 'operations' });
    for (const e of Object.values(staffEndpoints)) {
      const url = e.path.includes(':id') ? pathOf(e, { id: admin.user.id }) : e.path;
      const res = await operations.request(e.method, url, e.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
    }
  });

  it('answers 401 to a guest', async () => {
    expect((await (await t.guest()).get('/admin/api/staff')).statusCode).toBe(401);
  });
});

describe('the last active Administrator', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.close());

  const activeAdministrators = async () =>
    (await own.db.select().from(users)).filter(
      (u) => u.role === 'administrator' && !u.disabledAt && !u.passwordHash.endsWith('$invited'),
    );

  it('cannot be demoted or disabled, and nothing changes', async () => {
    const boss = await own.signIn({ name: 'Only Boss' });
    // An invited Administrator has no password yet, so does not count.
    const invited = await boss.post('/admin/api/staff', {
      email: 'later@example.com',
      name: 'Later',
      role: 'administrator',
    });
    expect(invited.statusCode).toBe(201);
    const demote = await boss.patch(`/admin/api/staff/${boss.user.id}`, { role: 'analyst', isRep: true });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({
      message: STAFF_MESSAGES.lastAdministrator,
      errors: [STAFF_MESSAGES.lastAdministrator],
    });
    // Over HTTP the caller is an active Administrator and cannot disable themselves; the command line can try.
    await expect(disableStaff(own.db, boss.user.id)).rejects.toThrow(STAFF_MESSAGES.lastAdministrator);
    const [row] = await own.db.select().from(users).where(eq(users.id, boss.user.id));
    expect(row).toMatchObject({ role: 'administrator', disabledAt: null, isRep: false });
    expect((await boss.get('/admin/api/me')).statusCode).toBe(200);
  });

  it('lets only one of two Administrators disabling each other at once through', async () => {
    const [a, b] = [await own.signIn(), await own.signIn()];
    for (const u of await activeAdministrators())
      if (u.id !== a.user.id && u.id !== b.user.id) await updateStaff(own.db, u.id, { role: 'analyst' });
    const results = await Promise.all([
      a.post(`/admin/api/staff/${b.user.id}/disable`),
      b.post(`/admin/api/staff/${a.user.id}/disable`),
    ]);
    const statuses = results.map((r) => r.statusCode);
    // Whichever comes second is refused: by the guard, or (having just been disabled) by the sign-in check.
    expect(statuses).toContain(200);
    expect(statuses.filter((s) => s !== 200)).toHaveLength(1);
    expect([401, 409]).toContain(statuses.find((s) => s !== 200));
    expect(await activeAdministrators()).toHaveLength(1);
  });

  it('lets only one of two concurrent demotions through', async () => {
    const [a, b] = [await own.createUser(), await own.createUser()];
    // Every other active Administrator steps down first, leaving a and b.
    for (const u of await activeAdministrators())
      if (u.id !== a.id && u.id !== b.id) await updateStaff(own.db, u.id, { role: 'analyst' });
    const results = await Promise.allSettled([
      updateStaff(own.db, a.id, { role: 'operations' }),
      updateStaff(own.db, b.id, { role: 'operations' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = results.find((r) => r.status === 'rejected')!;
    expect(String(refusal.reason)).toContain(STAFF_MESSAGES.lastAdministrator);
    expect(await activeAdministrators()).toHaveLength(1);
  });
});

describe('own account', () => {
  it('changes the password only with the current one, ending the other sessions but keeping this one', async () => {
    const user = await t.createUser({ role: 'field-rep' });
    const [here, elsewhere] = [await signedInAgent(t.app, user), await signedInAgent(t.app, user)];
    const wrong = await here.post('/admin/api/account/password', { currentPassword: 'not it', password: STRONG });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.currentPassword).toEqual([STAFF_MESSAGES.currentPasswordWrong]);
    const weak = await here.post('/admin/api/account/password', {
      currentPassword: user.password,
      password: 'password123456',
    });
    expect(weak.json().errors.password).toEqual([STAFF_MESSAGES.passwordTooWeak]);
    expect((await elsewhere.get('/admin/api/me')).statusCode).toBe(200);

    const ok = await here.post('/admin/api/account/password', { currentPassword: user.password, password: STRONG });
    expect(ok.statusCode).toBe(204);
    expect((await here.get('/admin/api/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/admin/api/me')).statusCode).toBe(401);
    const sessions = (await here.get('/admin/api/account/sessions')).json();
    expect(sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(
      (await (await t.guest()).post('/admin/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(422);
    await signedInAgent(t.app, { ...user, password: STRONG });
    expect(await verifyPassword(STRONG, await storedHash(user.id))).toBe(true);
  });

  it('lists the open sessions by an opaque key and ends another one, but not this one', async () => {
    const user = await t.createUser({ role: 'analyst' });
    const [here, elsewhere] = [await signedInAgent(t.app, user), await signedInAgent(t.app, user)];
    const list = (await here.get('/admin/api/account/sessions')).json() as { key: string; current: boolean }[];
    expect(list).toHaveLength(2);
    for (const s of list) expect(s.key).toMatch(/^[0-9a-f]{16}$/);
    const mine = list.find((s) => s.current)!;
    const other = list.find((s) => !s.current)!;
    expect(list[0]).toMatchObject({ signedInAt: expect.any(String), expiresAt: expect.any(String) });

    const self = await here.delete(`/admin/api/account/sessions/${mine.key}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(STAFF_MESSAGES.currentSession);
    expect((await here.delete(`/admin/api/account/sessions/${other.key}`)).statusCode).toBe(204);
    expect((await elsewhere.get('/admin/api/me')).statusCode).toBe(401);
    expect((await here.get('/admin/api/me')).statusCode).toBe(200);
    expect((await here.delete(`/admin/api/account/sessions/${other.key}`)).statusCode).toBe(404);
    expect((await here.delete('/admin/api/account/sessions/not-a-key')).statusCode).toBe(422);
  });

  it("cannot end another user's session", async () => {
    const owner = await t.createUser({ role: 'analyst' });
    const ownerAgent = await signedInAgent(t.app, owner);
    const [session] = (await ownerAgent.get('/admin/api/account/sessions')).json() as { key: string }[];
    expect((await admin.delete(`/admin/api/account/sessions/${session!.key}`)).statusCode).toBe(404);
    expect((await ownerAgent.get('/admin/api/me')).statusCode).toBe(200);
  });
});

describe('npm run users', () => {
  const run = promisify(execFile);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-users-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/cli/users.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      timeout: 180_000,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({
        code: err.code,
        stdout: err.stdout,
        stderr: err.stderr,
      }),
    );

  it('creates, lists and resets a password on the embedded database', async () => {
    const created = await cli(
      'create',
      'Cli.Admin@Example.com',
      '--role',
      'administrator',
      '--name',
      'Cli Admin',
      '--password',
      STRONG,
    );
    expect(created).toMatchObject({ code: 0 });
    expect(created.stdout).toContain('Created cli.admin@example.com (Administrator).');

    const listed = await cli('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/cli\.admin@example\.com\s+Cli Admin\s+Administrator\s+Active/);

    const reset = await cli('reset-password', 'cli.admin@example.com');
    expect(reset.code).toBe(0);
    const generated = /\(shown once\): (\S+)/.exec(reset.stdout)?.[1];
    expect(generated).toEqual(expect.any(String));

    const refused = await cli('create', 'cli.admin@example.com', '--role', 'analyst');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(STAFF_MESSAGES.emailTaken);
    const usage = await cli('create', 'someone@example.com');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('create needs --role');

    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db.select().from(users).where(eq(users.email, 'cli.admin@example.com'));
      expect(await verifyPassword(generated!, row!.passwordHash)).toBe(true);
      expect(row!.sessionEpoch).toBe(1);
    } finally {
      await database.close();
    }
  }, 600_000);
});
