import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { auditLog, feedbackSubmissions, idempotencyKeys, prospects } from '../db/schema';
import { IDEMPOTENCY_KEEP_DAYS, idempotencyPurgeJob } from './idempotency';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_REUSED_MESSAGE } from '../../contract/idempotency';

let t: TestApp;
type SignedIn = Awaited<ReturnType<TestApp['signIn']>>;
let rep: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  rep = await t.signIn({ isRep: true, name: 'Outbox Rep' });
  other = await t.signIn({ isRep: true, name: 'Other Rep' });
});
afterAll(() => t.close());

const visit = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Doe',
  address: { address: '12 Ridge Rd', city: 'Franklin', state: 'TN', zip: '37064' },
  new_construction: 0,
  prospect_action_id: 4,
  action_taken: 'Left a flyer',
  speed_tests: { 1: [10, 12.5, 0], 2: [0, 0, 0], 3: [25, 30, 28], 4: [100, 95, 110] },
  topographies: [2],
  offered_promotion: 1,
  comments: '',
  location: { lat: 35.9251, lng: -86.8689 },
  ...overrides,
});
const visits = async () => (await t.db.select({ n: count() }).from(prospects))[0]!.n;
const feedbacks = async () => (await t.db.select({ n: count() }).from(feedbackSubmissions))[0]!.n;
const keyed = (key: string) => ({ 'idempotency-key': key });
let n = 0;
const newKey = () => `visit-${Date.now()}-${++n}-0f8a`;

describe('Idempotency-Key on creates a client may send again', () => {
  it('answers a visit sent again with the same key with the first answer, and records it and its audit once', async () => {
    const key = newKey();
    const before = await visits();
    const first = await rep.post('/admin/prospects', visit(), keyed(key));
    expect(first.statusCode, first.body).toBe(200);
    const again = await rep.post('/admin/prospects', visit(), keyed(key));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await visits()).toBe(before + 1);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, first.json<{ id: number }>().id));
    expect(audits.filter((a) => a.action === 'prospect.created')).toHaveLength(1);
  });

  it('takes the same body with its keys in another order as the same request', async () => {
    const key = newKey();
    const body = visit();
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const first = await rep.post('/admin/prospects', body, keyed(key));
    const again = await rep.post('/admin/prospects', reordered, keyed(key));
    expect(again.json()).toEqual(first.json());
  });

  it('records two visits sent at the same moment with one key once, and answers both alike', async () => {
    const key = newKey();
    const before = await visits();
    const answers = await Promise.all([1, 2, 3].map(() => rep.post('/admin/prospects', visit(), keyed(key))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await visits()).toBe(before + 1);
  });

  it('refuses the key sent again with another body, or to another call, and creates nothing', async () => {
    const key = newKey();
    await rep.post('/admin/prospects', visit(), keyed(key));
    const [visitsBefore, feedbackBefore] = [await visits(), await feedbacks()];
    const changed = await rep.post('/admin/prospects', visit({ comments: 'A second visit' }), keyed(key));
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toBe(IDEMPOTENCY_REUSED_MESSAGE);
    const elsewhere = await rep.post('/admin/feedback-submissions', { body: 'Hello' }, keyed(key));
    expect(elsewhere.statusCode).toBe(422);
    expect([await visits(), await feedbacks()]).toEqual([visitsBefore, feedbackBefore]);
  });

  it("keeps each user's keys apart: another user's same key creates their own record", async () => {
    const key = newKey();
    const mine = await rep.post('/admin/feedback-submissions', { body: 'Mine' }, keyed(key));
    const theirs = await other.post('/admin/feedback-submissions', { body: 'Mine' }, keyed(key));
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json<{ id: number }>().id).not.toBe(mine.json<{ id: number }>().id);
  });

  it('keeps nothing of a refused create: the key sent again with a corrected body creates the record', async () => {
    const key = newKey();
    const before = await visits();
    const refused = await rep.post('/admin/prospects', visit({ prospect_action_id: 77 }), keyed(key));
    expect(refused.statusCode).toBe(422);
    expect(await visits()).toBe(before);
    const fixed = await rep.post('/admin/prospects', visit(), keyed(key));
    expect(fixed.statusCode).toBe(200);
    expect(await visits()).toBe(before + 1);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'k'.repeat(101)],
    ['with a space', 'two words here'],
    ['not ASCII', 'clé-de-visite-1'],
  ])('refuses a key %s with 422 and creates nothing', async (_label, key) => {
    const before = await feedbacks();
    const res = await rep.post('/admin/feedback-submissions', { body: 'Hello' }, keyed(key));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['Idempotency-Key']).toEqual([IDEMPOTENCY_KEY_MESSAGE]);
    expect(await feedbacks()).toBe(before);
  });

  it('creates as before with no key', async () => {
    const before = await feedbacks();
    await rep.post('/admin/feedback-submissions', { body: 'Hello' });
    await rep.post('/admin/feedback-submissions', { body: 'Hello' });
    expect(await feedbacks()).toBe(before + 2);
  });

  it(`forgets answers after ${IDEMPOTENCY_KEEP_DAYS} days, in the nightly purge, and keeps the newer ones`, async () => {
    const [old, recent] = [newKey(), newKey()];
    await rep.post('/admin/feedback-submissions', { body: 'Old' }, keyed(old));
    await rep.post('/admin/feedback-submissions', { body: 'Recent' }, keyed(recent));
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - make_interval(days => ${IDEMPOTENCY_KEEP_DAYS}, hours => 1)` })
      .where(eq(idempotencyKeys.key, old));
    expect(await idempotencyPurgeJob(t.db)()).toEqual({ deleted: 1 });
    const left = (await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
  });
});
