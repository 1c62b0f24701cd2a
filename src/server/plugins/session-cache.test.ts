import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, signedInAgent, type Agent, type TestApp } from '../test/app';
import { sessions, users } from '../db/schema';

/*
 * A read request may use its session as this instance read it within SESSION_CACHE_MS (ADR 064). What another
 * instance changes (here: the database changed behind the app's back) counts for reads once that time has passed,
 * and at once for any request that changes something; what this instance changes counts at once for every request.
 */
const CACHE_MS = 60_000;
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: CACHE_MS });
  admin = await t.signIn({ name: 'Cache Admin' });
});

afterAll(() => t.close());

afterEach(() => vi.useRealTimers());

/** Signs a new Analyst in and reads once, so this instance holds a copy of the session. */
async function readOnce() {
  const user = await t.createUser({ role: 'analyst' });
  const agent = await signedInAgent(t.app, user);
  expect((await agent.get('/admin/api/me')).statusCode).toBe(200);
  return { user, agent };
}

/** Ends the user's sessions as another instance would: in the database alone. */
const endedElsewhere = (userId: number) =>
  t.database.db.delete(sessions).where(sql`(${sessions.data}->>'userId')::int = ${userId}`);

describe('the session copy of a read request', () => {
  it('serves reads from the copy while it counts, ended on another instance', async () => {
    const { user, agent } = await readOnce();
    await endedElsewhere(user.id);
    expect((await agent.get('/admin/api/me')).statusCode).toBe(200);
  });

  it('stops counting SESSION_CACHE_MS after the read: the session ended elsewhere is refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { user, agent } = await readOnce();
    await endedElsewhere(user.id);
    vi.setSystemTime(Date.now() + CACHE_MS - 1);
    expect((await agent.get('/admin/api/me')).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2);
    expect((await agent.get('/admin/api/me')).statusCode).toBe(401);
  });

  it('is never used by a request that changes something: an account disabled elsewhere cannot write', async () => {
    const { user, agent } = await readOnce();
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const write = await agent.post('/admin/api/saved-views', { page: 'customers', name: 'Mine', query: '' });
    expect(write.statusCode).toBe(401);
  });

  it.each([
    ['disabled', (id: number) => admin.post(`/admin/api/staff/${id}/disable`)],
    ['signed out everywhere', (id: number) => admin.post(`/admin/api/staff/${id}/sign-out`)],
    ['given another role', (id: number) => admin.patch(`/admin/api/staff/${id}`, { role: 'field-rep' })],
  ])('counts for no read once the account is %s on this instance', async (_, change) => {
    const { user, agent } = await readOnce();
    expect((await change(user.id)).statusCode).toBe(200);
    const me = await agent.get('/admin/api/me');
    if (me.statusCode === 200) expect(me.json()).toMatchObject({ role: 'field-rep' });
    else expect(me.statusCode).toBe(401);
  });

  it('counts for no read once its user signs out on this instance', async () => {
    const { agent } = await readOnce();
    expect((await agent.post('/admin/logout')).statusCode).toBeLessThan(400);
    expect((await agent.get('/admin/api/me')).statusCode).toBe(401);
  });
});
