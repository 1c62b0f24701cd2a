import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { auditLog } from '../../db/schema';
import type { AuditAction } from '../../../contract/audit';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';
const AS_BROWSER = { 'user-agent': BROWSER };
const STRONG = 'violet-harbor-sprocket-42';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The entries written on one account, oldest first. */
const entriesOn = (userId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)))
    .orderBy(asc(auditLog.id));

const entriesOf = async (userId: number, action: AuditAction<'user'>) =>
  (await entriesOn(userId)).filter((e) => e.action === action);

/** Signs in through the login call from a browser with its own user agent, as the SPA does. */
async function signInAs(user: { email: string; password: string }, headers = AS_BROWSER) {
  const agent = new Agent(t.app);
  await agent.loadPage();
  const res = await agent.post('/admin/login', { email: user.email, password: user.password }, headers);
  expect(res.statusCode).toBe(200);
  agent.csrfToken = res.json<{ csrfToken: string }>().csrfToken;
  return agent;
}

describe('security events in the audit log', () => {
  it('records a sign-in with the account, the client address and the user agent cut to 300 characters', async () => {
    const user = await t.createUser({ role: 'analyst' });
    const longAgent = `${BROWSER} ${'x'.repeat(400)}`;
    await signInAs(user, { 'user-agent': longAgent });
    const [entry] = await entriesOf(user.id, 'auth.signed_in');
    expect(entry).toMatchObject({ userId: user.id, ip: '127.0.0.1', userAgent: longAgent.slice(0, 300) });
    expect(entry!.createdAt).toBeInstanceOf(Date);
  });

  it('records a failed sign-in with the e-mail tried, on the account when it exists, never with the password', async () => {
    const user = await t.createUser();
    const guest = await t.guest();
    const wrong = 'Wrong-Secret-Guess-7781';
    const res = await guest.post('/admin/login', { email: user.email, password: wrong }, AS_BROWSER);
    expect(res.statusCode).toBe(422);
    const [entry] = await entriesOf(user.id, 'auth.sign_in_failed');
    expect(entry).toMatchObject({ userId: user.id, ip: '127.0.0.1', userAgent: BROWSER, after: { email: user.email } });
    expect(JSON.stringify(entry)).not.toContain(wrong);

    const unknown = 'nobody.here@example.com';
    expect((await guest.post('/admin/login', { email: unknown, password: wrong }, AS_BROWSER)).statusCode).toBe(422);
    const stranger = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.sign_in_failed'));
    const row = stranger.find((e) => (e.after as { email?: string }).email === unknown);
    expect(row).toMatchObject({ userId: null, entityType: 'user', entityId: null, ip: '127.0.0.1' });
    expect(JSON.stringify(row)).not.toContain(wrong);
  });

  it('records a sign-out of a session, and nothing for a guest signing out', async () => {
    const user = await t.createUser({ role: 'operations' });
    const agent = await signInAs(user);
    expect((await agent.post('/admin/logout', {}, AS_BROWSER)).statusCode).toBe(204);
    expect(await entriesOf(user.id, 'auth.signed_out')).toMatchObject([
      { userId: user.id, ip: '127.0.0.1', userAgent: BROWSER },
    ]);
    const before = (await t.db.select().from(auditLog)).length;
    expect((await (await t.guest()).post('/admin/logout')).statusCode).toBe(204);
    expect((await t.db.select().from(auditLog)).length).toBe(before);
  });

  it('records a permission refused to an operations user on a staff endpoint, with the route and method', async () => {
    const user = await t.createUser({ role: 'operations' });
    const agent = await signInAs(user);
    expect((await agent.patch('/admin/api/staff/1', { role: 'administrator' }, AS_BROWSER)).statusCode).toBe(403);
    expect(await entriesOf(user.id, 'auth.permission_denied')).toMatchObject([
      {
        userId: user.id,
        ip: '127.0.0.1',
        userAgent: BROWSER,
        after: { method: 'PATCH', route: '/admin/api/staff/:id', permission: 'staff.manage' },
      },
    ]);
  });
});

describe('staff actions in the audit log', () => {
  it('records an invitation and a role change, before and after, by the Administrator and from where', async () => {
    const admin = await t.createUser({ name: 'Ada Audit' });
    const agent = await signInAs(admin);
    const invited = await agent.post(
      '/admin/api/staff',
      { email: 'Fern.Field@Example.com', name: 'Fern Field', role: 'field-rep', isRep: true },
      AS_BROWSER,
    );
    expect(invited.statusCode).toBe(201);
    const id = invited.json<{ user: { id: number } }>().user.id;
    const changed = await agent.patch(`/admin/api/staff/${id}`, { role: 'analyst', isRep: true }, AS_BROWSER);
    expect(changed.statusCode).toBe(200);

    const origin = { userId: admin.id, ip: '127.0.0.1', userAgent: BROWSER };
    expect(await entriesOn(id)).toMatchObject([
      {
        ...origin,
        action: 'staff.invited',
        after: { email: 'fern.field@example.com', name: 'Fern Field', role: 'field-rep', isRep: true },
      },
      // isRep did not change, so only the role is recorded.
      { ...origin, action: 'staff.updated', before: { role: 'field-rep' }, after: { role: 'analyst' } },
    ]);
  });

  it('records disable, enable, sign-out everywhere and a reset link on the account, each by who did it', async () => {
    const admin = await t.createUser();
    const agent = await signInAs(admin);
    const target = await t.createUser({ role: 'analyst' });
    for (const action of ['disable', 'enable', 'sign-out', 'reset-password'])
      expect((await agent.post(`/admin/api/staff/${target.id}/${action}`, {}, AS_BROWSER)).statusCode).toBe(200);
    const entries = await entriesOn(target.id);
    expect(entries.map((e) => e.action)).toEqual([
      'staff.disabled',
      'staff.enabled',
      'staff.signed_out_everywhere',
      'staff.password_reset_issued',
    ]);
    expect(entries.every((e) => e.userId === admin.id && e.ip === '127.0.0.1' && e.userAgent === BROWSER)).toBe(true);
    expect(entries.at(-1)?.after).toEqual({ purpose: 'reset' });
  });

  it('records a refused change nowhere: the last Administrator keeps the role', async () => {
    const own = await createTestApp();
    try {
      const boss = await own.signIn();
      const before = (await own.db.select().from(auditLog)).length;
      const res = await boss.patch(`/admin/api/staff/${boss.user.id}`, { role: 'analyst' });
      expect(res.statusCode).toBe(409);
      expect((await own.db.select().from(auditLog)).length).toBe(before);
    } finally {
      await own.close();
    }
  });

  it("records a person's own password change, a session they ended, and a password set from a link", async () => {
    const user = await t.createUser({ role: 'operations' });
    const phone = await signInAs(user, { 'user-agent': 'PhoneBrowser/2' });
    const desk = await signInAs(user);
    const sessions = await desk.get('/admin/api/account/sessions');
    const other = sessions.json<{ key: string; current: boolean }[]>().find((s) => !s.current)!;
    expect((await desk.delete(`/admin/api/account/sessions/${other.key}`, AS_BROWSER)).statusCode).toBe(204);
    const changed = await desk.post(
      '/admin/api/account/password',
      { currentPassword: user.password, password: STRONG },
      AS_BROWSER,
    );
    expect(changed.statusCode).toBe(204);
    expect((await phone.get('/admin/api/me')).statusCode).toBe(401);

    const admin = await signInAs(await t.createUser());
    const link = await admin.post(`/admin/api/staff/${user.id}/reset-password`);
    const token = new URL(link.json<{ url: string }>().url).searchParams.get('token');
    const guest = await t.guest();
    const set = await guest.post('/admin/api/set-password', { token, password: `${STRONG}-b` }, AS_BROWSER);
    expect(set.statusCode).toBe(204);

    const own = { userId: user.id, ip: '127.0.0.1', userAgent: BROWSER };
    expect(await entriesOf(user.id, 'account.session_ended')).toMatchObject([
      { ...own, before: { session: other.key } },
    ]);
    expect(await entriesOf(user.id, 'account.password_changed')).toMatchObject([own]);
    expect(await entriesOf(user.id, 'account.password_set')).toMatchObject([{ ...own, after: { purpose: 'reset' } }]);
    expect(JSON.stringify(await entriesOn(user.id))).not.toContain(token);
  });
});

describe('security events stay in the audit log', () => {
  it('answers a record history asked for a staff account with 422 for every role, in every spelling', async () => {
    const target = await t.createUser();
    await signInAs(target);
    for (const role of ['administrator', 'operations', 'analyst'] as const) {
      const agent = await t.signIn({ role });
      for (const spelling of ['user', 'User', 'USER', ' user', 'user ', 'user%00', 'users', 'staff'])
        expect((await agent.get(`/admin/api/audit?entityType=${spelling}&entityId=${target.id}`)).statusCode).toBe(422);
    }
  });

  it("still shows a customer's and a device's history to the roles that may read it", async () => {
    const analyst = await t.signIn({ role: 'analyst' });
    for (const entityType of ['customer', 'device', 'subscription', 'equipment'])
      expect((await analyst.get(`/admin/api/audit?entityType=${entityType}&entityId=1`)).statusCode).toBe(200);
  });
});
