import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { Agent, createTestApp, signedInAgent, type TestApp, type TestUser } from '../../test/app';
import { auditLog, recoveryCodes, users } from '../../db/schema';
import { MFA_MESSAGES } from '../../../contract/mfa';
import { STAFF_MESSAGES } from '../../../contract/staff';
import { resetMfaByEmail } from './mfa.service';
import { StaffCommandError } from './staff.service';

/** The app's clock: codes are computed for it, and moving it on passes 30-second steps and the 5-minute window. */
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

const SETUP = '/admin/api/account/two-factor/setup';
const CONFIRM = '/admin/api/account/two-factor/confirm';
const STATUS = '/admin/api/account/two-factor';
const DISABLE = '/admin/api/account/two-factor/disable';
const RENEW = '/admin/api/account/two-factor/recovery-codes';
const CODE_STEP = '/admin/login/totp';

const codeAt = (secret: string, ms = clock) => generate({ secret, epoch: Math.floor(ms / 1000) });
/** A code the app does not show now, nor one step either side. */
async function wrongCode(secret: string) {
  const near = await Promise.all([-30_000, 0, 30_000].map((d) => codeAt(secret, clock + d)));
  let n = 123456;
  while (near.includes(String(n))) n += 1;
  return String(n);
}
const nextStep = () => {
  clock += 30_000;
};

/** Sets up the second factor for a signed-in agent; the confirming code's step is then used up, so the clock moves on. */
async function enrol(agent: Agent) {
  const setup = await agent.post(SETUP);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string; uri: string };
  const confirm = await agent.post(CONFIRM, { code: await codeAt(secret) });
  expect(confirm.statusCode).toBe(200);
  nextStep();
  return { secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

async function enrolledUser() {
  const agent = await t.signIn();
  return { agent, user: agent.user, ...(await enrol(agent)) };
}

/** A fresh browser that passed the password step. */
async function passwordStep(user: TestUser) {
  const agent = await t.guest();
  const res = await agent.post('/admin/login', { email: user.email, password: user.password });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ mfaRequired: true });
  return agent;
}

const meStatus = async (agent: Agent) => (await agent.get('/admin/api/me')).statusCode;
const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('setting up two-factor sign-in', () => {
  it('refuses a wrong code, turns on with a current one and answers ten recovery codes once', async () => {
    const agent = await t.signIn();
    expect((await agent.get(STATUS)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      setupRequired: false,
    });

    const setup = await agent.post(SETUP);
    const { secret, uri } = setup.json() as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Back%20Office:/);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    // Pending: kept, sealed (ADR 030), but not in force until a code confirms it.
    expect(await row(agent.user.id)).toMatchObject({
      totpSecret: null,
      totpSecretSealed: expect.stringMatching(/^v1\.[0-9a-f]{8}\./),
      totpEnabledAt: null,
    });
    expect((await agent.get(STATUS)).json()).toMatchObject({ enabled: false });

    const wrong = await agent.post(CONFIRM, { code: await wrongCode(secret) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [MFA_MESSAGES.codeWrong] });
    expect((await row(agent.user.id)).totpEnabledAt).toBeNull();

    const right = await agent.post(CONFIRM, { code: await codeAt(secret) });
    expect(right.statusCode).toBe(200);
    const codes = (right.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Only SHA-256 digests are kept: the codes cannot be read back, by the database or the API.
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, agent.user.id));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.some((c) => codeHash.includes(c.replace('-', '')))).toBe(false);
    }
    const status = await agent.get(STATUS);
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(status.body).not.toContain(codes[0]);
    expect((await agent.post(CONFIRM, { code: await codeAt(secret) })).json().message).toBe(
      MFA_MESSAGES.alreadyEnabled,
    );
    expect((await agent.post(SETUP)).statusCode).toBe(409);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, agent.user.id), eq(auditLog.action, 'account.mfa_enabled')));
    expect(entry).toMatchObject({ userId: agent.user.id, entityType: 'user' });
  });

  it('refuses a confirmation with no set-up started', async () => {
    const agent = await t.signIn();
    const res = await agent.post(CONFIRM, { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MFA_MESSAGES.notStarted);
  });
});

describe('signing in with two-factor sign-in', () => {
  it('gives no session for the password alone, and signs in with a current code', async () => {
    const { user, secret } = await enrolledUser();
    const guest = await t.guest();
    const first = await guest.post('/admin/login', { email: user.email, password: user.password });
    expect(first.json()).toEqual({ mfaRequired: true });
    expect(first.cookies.find((c) => c.name === 'bo_session')).toBeUndefined();
    const pending = first.cookies.find((c) => c.name === 'bo_mfa');
    expect(pending).toMatchObject({ httpOnly: true, path: '/admin/login', maxAge: 300, sameSite: 'Strict' });
    // Signed: the user id and time cannot be altered without the server's secret.
    expect(pending!.value).toMatch(/^\d+\.\d+\.\d+\..+$/);
    expect(await meStatus(guest)).toBe(401);

    const second = await guest.post(CODE_STEP, { code: await codeAt(secret) });
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ id: user.id, email: user.email });
    guest.csrfToken = second.json().csrfToken;
    expect(await meStatus(guest)).toBe(200);
    expect(second.cookies.find((c) => c.name === 'bo_mfa')?.value).toBe('');
  });

  it('refuses a wrong code with 422 and no session', async () => {
    const { user, secret } = await enrolledUser();
    const guest = await passwordStep(user);
    const res = await guest.post(CODE_STEP, { code: await wrongCode(secret) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: [MFA_MESSAGES.codeWrong] });
    expect(await meStatus(guest)).toBe(401);
  });

  it('refuses a code already used in its 30-second step, and an older one', async () => {
    const { user, secret } = await enrolledUser();
    const code = await codeAt(secret);
    expect((await (await passwordStep(user)).post(CODE_STEP, { code })).statusCode).toBe(200);
    const guest = await passwordStep(user);
    const replay = await guest.post(CODE_STEP, { code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ code: [MFA_MESSAGES.codeReplayed] });
    expect(await meStatus(guest)).toBe(401);
    // The previous step's code is still within the allowed drift, but older than the one used.
    const older = await guest.post(CODE_STEP, { code: await codeAt(secret, clock - 30_000) });
    expect(older.statusCode).toBe(422);
    nextStep();
    expect((await guest.post(CODE_STEP, { code: await codeAt(secret) })).statusCode).toBe(200);
  });

  it('accepts a code of the step before or after, for a phone clock a little off', async () => {
    const { user, secret } = await enrolledUser();
    nextStep();
    const behind = await (await passwordStep(user)).post(CODE_STEP, { code: await codeAt(secret, clock - 30_000) });
    expect(behind.statusCode).toBe(200);
    const ahead = await (await passwordStep(user)).post(CODE_STEP, { code: await codeAt(secret, clock + 30_000) });
    expect(ahead.statusCode).toBe(200);
    nextStep();
    nextStep();
    const far = await (await passwordStep(user)).post(CODE_STEP, { code: await codeAt(secret, clock + 60_000) });
    expect(far.statusCode).toBe(422);
  });

  it('refuses the code step once the password step is older than 5 minutes, or without it', async () => {
    const { user, secret } = await enrolledUser();
    const guest = await passwordStep(user);
    clock += 5 * 60_000 + 1000;
    const late = await guest.post(CODE_STEP, { code: await codeAt(secret) });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(MFA_MESSAGES.signInExpired);
    expect(await meStatus(guest)).toBe(401);

    const stranger = await t.guest();
    const none = await stranger.post(CODE_STEP, { code: await codeAt(secret) });
    expect(none.json().message).toBe(MFA_MESSAGES.signInExpired);
    // A cookie made up without the server's secret counts as none.
    const forger = new Agent(t.app);
    const page = await forger.loadPage();
    const csrfCookie = page.cookies.find((c) => c.name === 'bo_csrf')!;
    const forged = await forger.post(
      CODE_STEP,
      { code: await codeAt(secret) },
      { cookie: `bo_csrf=${csrfCookie.value}; bo_mfa=${user.id}.0.${clock}.forged` },
    );
    expect(forged.json().message).toBe(MFA_MESSAGES.signInExpired);
    expect(await meStatus(stranger)).toBe(401);
  });

  it('voids the password step when the password changes before the code is entered', async () => {
    const { agent, user, secret } = await enrolledUser();
    const guest = await passwordStep(user);
    const changed = await agent.post('/admin/api/account/password', {
      currentPassword: user.password,
      password: 'violet-harbor-sprocket-42',
    });
    expect(changed.statusCode).toBe(204);
    const res = await guest.post(CODE_STEP, { code: await codeAt(secret) });
    expect(res.json().message).toBe(MFA_MESSAGES.signInExpired);
  });

  it('lets a recovery code sign in once, typed in any case and without its dash', async () => {
    const { agent, user, recoveryCodes: codes } = await enrolledUser();
    const code = codes[0]!;
    const guest = await passwordStep(user);
    const res = await guest.post(CODE_STEP, { code: code.replace('-', '').toUpperCase() });
    expect(res.statusCode).toBe(200);
    guest.csrfToken = res.json().csrfToken;
    expect(await meStatus(guest)).toBe(200);

    const again = await (await passwordStep(user)).post(CODE_STEP, { code });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: [MFA_MESSAGES.codeWrong] });
    expect((await agent.get(STATUS)).json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('counts wrong codes in the sign-in throttle with the password attempts', async () => {
    const { user, secret } = await enrolledUser();
    const guest = await passwordStep(user);
    // The password step counted once and stays counted: four wrong codes make the fifth failure.
    for (let i = 0; i < 4; i++)
      expect((await guest.post(CODE_STEP, { code: await wrongCode(secret) })).statusCode).toBe(422);
    const blocked = await guest.post(CODE_STEP, { code: await codeAt(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await meStatus(guest)).toBe(401);
  });

  it('allows 10 wrong codes on an account from any number of addresses, then asks for the password again', async () => {
    const { user, secret } = await enrolledUser();
    const fromAddress = async (n: number) => {
      const agent = new Agent(t.app, `198.51.100.${n}`);
      await agent.loadPage();
      expect((await agent.post('/admin/login', { email: user.email, password: user.password })).statusCode).toBe(200);
      return agent;
    };
    for (let n = 1; n <= 10; n++)
      expect((await (await fromAddress(n)).post(CODE_STEP, { code: await wrongCode(secret) })).statusCode).toBe(422);
    // An eleventh address, even with the right code, is refused, and its sign-in is dropped.
    const late = await fromAddress(11);
    const refused = await late.post(CODE_STEP, { code: await codeAt(secret) });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(String(refused.headers['set-cookie'])).toMatch(/bo_mfa=;/);
    expect(await meStatus(late)).toBe(401);
    // Once the wait is over, the password and a right code sign in, and the count starts again.
    clock += 16 * 60_000;
    const after = await fromAddress(12);
    expect((await after.post(CODE_STEP, { code: await codeAt(secret) })).statusCode).toBe(200);
  });

  it('keeps the classic form post working: the password step redirects to the code step, the code to the app', async () => {
    const { user, secret } = await enrolledUser();
    const guest = await t.guest();
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': '', 'x-csrf-token': '' };
    const first = await guest.post(
      '/admin/login',
      new URLSearchParams({ email: user.email, password: user.password, _token: guest.csrfToken }).toString(),
      form,
    );
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/admin/login?step=code');
    const second = await guest.post(
      CODE_STEP,
      new URLSearchParams({ code: await codeAt(secret), _token: guest.csrfToken }).toString(),
      form,
    );
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe('/admin');
  });

  it.each([
    ['a NUL byte', '123\u0000456'],
    ['seven digits', '1234567'],
    ['five digits', '12345'],
    ['letters', 'abcdef'],
    ['full-width digits', '１２３４５６'],
    ['a number', 123456],
    ['nothing', ''],
    ['a long text', 'x'.repeat(100)],
  ])('answers 422 with a message on the code field for %s', async (_label, code) => {
    const guest = await t.guest();
    const res = await guest.post(CODE_STEP, { code });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([expect.any(String)]);
    const agent = await t.signIn();
    await agent.post(SETUP);
    const confirm = await agent.post(CONFIRM, { code });
    expect(confirm.statusCode).toBe(422);
    expect(confirm.json().errors.code).toEqual([expect.any(String)]);
  });
});

describe('turning it off and renewing recovery codes', () => {
  it('turns off only with the password, ending every other session but this one', async () => {
    const { agent, user, secret } = await enrolledUser();
    const other = await passwordStep(user);
    const signedIn = await other.post(CODE_STEP, { code: await codeAt(secret) });
    other.csrfToken = signedIn.json().csrfToken;
    expect(await meStatus(other)).toBe(200);

    const wrong = await agent.post(DISABLE, { currentPassword: 'not the password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ currentPassword: [STAFF_MESSAGES.currentPasswordWrong] });
    expect((await agent.post(DISABLE, {})).statusCode).toBe(422);
    expect((await row(user.id)).totpEnabledAt).not.toBeNull();

    expect((await agent.post(DISABLE, { currentPassword: user.password })).statusCode).toBe(204);
    expect(await meStatus(agent)).toBe(200);
    expect(await meStatus(other)).toBe(401);
    expect(await row(user.id)).toMatchObject({ totpSecret: null, totpSecretSealed: null, totpEnabledAt: null });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    // The password alone signs in again.
    await signedInAgent(t.app, user);
    expect((await agent.post(DISABLE, { currentPassword: user.password })).statusCode).toBe(409);
  });

  it('renews the recovery codes only with the password, and the old ones stop working', async () => {
    const { agent, user, recoveryCodes: old } = await enrolledUser();
    expect((await agent.post(RENEW, { currentPassword: 'not the password' })).statusCode).toBe(422);
    const res = await agent.post(RENEW, { currentPassword: user.password });
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => old.includes(c))).toBe(false);
    expect((await (await passwordStep(user)).post(CODE_STEP, { code: old[0] })).statusCode).toBe(422);
    expect((await (await passwordStep(user)).post(CODE_STEP, { code: fresh[0] })).statusCode).toBe(200);
  });
});

describe('checks of the current password', () => {
  it('are counted per account: five wrong guesses, then 429 with Retry-After even for the right one', async () => {
    const agent = await t.signIn();
    const guess = (currentPassword: string) =>
      agent.post('/admin/api/account/password', { currentPassword, password: 'violet-harbor-sprocket-43' });
    for (let i = 0; i < 5; i++) expect((await guess(`wrong guess ${i}`)).statusCode).toBe(422);
    const blocked = await guess(agent.user.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The other pages that ask for it count in the same throttle.
    expect((await agent.post(DISABLE, { currentPassword: agent.user.password })).statusCode).toBe(429);
    expect((await agent.post(RENEW, { currentPassword: agent.user.password })).statusCode).toBe(429);
    // A second session of the same account does not start afresh.
    const second = await signedInAgent(t.app, agent.user);
    expect((await second.post(RENEW, { currentPassword: 'another guess' })).statusCode).toBe(429);
  });

  it('hash at most five guesses of 32 sent at once', async () => {
    const agent = await t.signIn();
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, i) => agent.post(DISABLE, { currentPassword: `guess ${i}` })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(27);
  });
});

describe('a reset link', () => {
  async function openLink(userId: number) {
    const admin = await t.signIn();
    const res = await admin.post(`/admin/api/staff/${userId}/reset-password`);
    expect(res.statusCode).toBe(200);
    return new URL(res.json<{ url: string }>().url).searchParams.get('token')!;
  }
  const linkStatus = async (token: string) =>
    (await (await t.guest()).get(`/admin/api/set-password?token=${token}`)).statusCode;

  it('stops working when its owner changes their own password', async () => {
    const user = await t.createUser();
    const token = await openLink(user.id);
    expect(await linkStatus(token)).toBe(200);
    const agent = await signedInAgent(t.app, user);
    const changed = await agent.post('/admin/api/account/password', {
      currentPassword: user.password,
      password: 'violet-harbor-sprocket-44',
    });
    expect(changed.statusCode).toBe(204);
    expect(await linkStatus(token)).toBe(422);
  });

  it('stops working when its owner turns two-factor sign-in off', async () => {
    const { user, secret } = await enrolledUser();
    const token = await openLink(user.id);
    expect(await linkStatus(token)).toBe(200);
    const agent = await passwordStep(user);
    agent.csrfToken = (await agent.post(CODE_STEP, { code: await codeAt(secret) })).json().csrfToken;
    expect((await agent.post(DISABLE, { currentPassword: user.password })).statusCode).toBe(204);
    expect(await linkStatus(token)).toBe(422);
  });
});

describe('the command line', () => {
  it('turns two-factor sign-in off for someone who lost their phone, ending every session', async () => {
    const { agent, user } = await enrolledUser();
    await resetMfaByEmail(t.db, user.email.toUpperCase());
    expect(await meStatus(agent)).toBe(401);
    expect(await row(user.id)).toMatchObject({ totpSecret: null, totpSecretSealed: null, totpEnabledAt: null });
    await signedInAgent(t.app, user);
    await expect(resetMfaByEmail(t.db, 'nobody@example.com')).rejects.toThrow(StaffCommandError);
  });
});

describe('REQUIRE_MFA_FOR_ADMINS=1', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ REQUIRE_MFA_FOR_ADMINS: true }, { now: () => clock });
  });
  afterAll(() => strict.close());

  it('lets an Administrator without a second factor reach only their account until they set it up', async () => {
    const admin = await strict.signIn();
    const staff = await admin.get('/admin/api/staff');
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ message: MFA_MESSAGES.setupRequired });
    expect(
      (await admin.post('/admin/api/staff', { email: 'x@example.com', name: 'X', role: 'analyst' })).json(),
    ).toEqual({ message: MFA_MESSAGES.setupRequired });
    expect(await meStatus(admin)).toBe(200);
    expect((await admin.get('/admin/api/account/sessions')).statusCode).toBe(200);
    expect((await admin.get(STATUS)).json()).toMatchObject({ enabled: false, setupRequired: true });

    await enrol(admin);
    expect((await admin.get(STATUS)).json()).toMatchObject({ enabled: true, setupRequired: false });
    expect((await admin.get('/admin/api/staff')).statusCode).toBe(200);
  });

  it('leaves other roles as they are', async () => {
    const ops = await strict.signIn({ role: 'operations' });
    expect((await ops.get('/admin/api/suppliers')).statusCode).toBe(200);
    expect((await ops.get(STATUS)).json()).toMatchObject({ setupRequired: false });
  });
});
