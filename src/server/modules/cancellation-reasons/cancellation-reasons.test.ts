import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { auditLog, cancellationReasons, subscriptionCancellations, subscriptions } from '../../db/schema';
import { createCancellation, createCancellationReason, createSubscription } from '../../test/factories';
import type { CancellationReason } from '../../../contract/cancellation-reasons';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn();
});
afterAll(() => t.close());

// Each test starts from an empty list of reasons: order and positions are about the whole list.
beforeEach(async () => {
  await t.db.update(subscriptions).set({ cancellationReasonId: 0 });
  await t.db.update(subscriptionCancellations).set({ cancellationReasonId: 0 });
  await t.db.delete(cancellationReasons);
});

const url = '/admin/api/cancellation-reasons';
const list = async () => {
  const res = await agent.get(url);
  expect(res.statusCode).toBe(200);
  return res.json() as CancellationReason[];
};
const names = async () => (await list()).map((r) => r.name);
const dbReasons = () => t.db.select().from(cancellationReasons).orderBy(asc(cancellationReasons.position));
const auditFor = (entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'cancellation_reason'), eq(auditLog.entityId, entityId)));

describe('cancellation reasons', () => {
  it('creates a reason at the end of the list, trimmed, and audits it', async () => {
    await createCancellationReason(t.db, { name: 'Too Expensive', position: 1 });
    const res = await agent.post(url, { name: '  Moved Away  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Moved Away', position: 2, active: true, inUse: false });
    expect(await names()).toEqual(['Too Expensive', 'Moved Away']);
    const [entry] = await auditFor(res.json().id);
    expect(entry).toMatchObject({
      action: 'create',
      userId: agent.user.id,
      after: { name: 'Moved Away', position: 2 },
    });
  });

  it('creates a reason at a chosen position and moves the others down', async () => {
    await createCancellationReason(t.db, { name: 'A', position: 1 });
    await createCancellationReason(t.db, { name: 'B', position: 2 });
    const res = await agent.post(url, { name: 'Between', position: 2 });
    expect(res.statusCode).toBe(201);
    expect((await dbReasons()).map((r) => [r.name, r.position])).toEqual([
      ['A', 1],
      ['Between', 2],
      ['B', 3],
    ]);
  });

  it('refuses a missing, blank or too long name with 422 and creates nothing', async () => {
    for (const [body, message] of [
      [{}, 'The name field is required.'],
      [{ name: '   ' }, 'The name field is required.'],
      [{ name: 'x'.repeat(101) }, 'The name may not be longer than 100 characters.'],
    ] as const) {
      const res = await agent.post(url, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ name: [message] });
    }
    expect(await dbReasons()).toHaveLength(0);
  });

  it('refuses a name already taken, whatever its case, with 422', async () => {
    await createCancellationReason(t.db, { name: 'Poor Coverage' });
    const res = await agent.post(url, { name: 'poor COVERAGE' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
    expect(await dbReasons()).toHaveLength(1);
  });

  it('creates only one of two reasons with the same name sent at once', async () => {
    const other = await t.signIn();
    const answers = await Promise.all([agent.post(url, { name: 'Same Time' }), other.post(url, { name: 'same time' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await names()).toHaveLength(1);
  });

  it('renames a reason, refusing a name another reason has', async () => {
    const a = await createCancellationReason(t.db, { name: 'Deceased' });
    await createCancellationReason(t.db, { name: 'Non-Payment' });
    const ok = await agent.patch(`${url}/${a.id}`, { name: 'Passed Away' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: a.id, name: 'Passed Away' });
    expect(await auditFor(a.id)).toMatchObject([
      { action: 'rename', before: { name: 'Deceased' }, after: { name: 'Passed Away' } },
    ]);
    const taken = await agent.patch(`${url}/${a.id}`, { name: 'NON-payment' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['The name has already been taken.'] });
    const recase = await agent.patch(`${url}/${a.id}`, { name: 'passed away' });
    expect(recase.statusCode).toBe(200);
    expect(await names()).toEqual(['passed away', 'Non-Payment']);
  });

  it('answers 404 when renaming a reason that does not exist', async () => {
    const res = await agent.patch(`${url}/987654`, { name: 'Anything' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Cancellation reason not found.' });
  });

  it('reorders the whole list in one step and audits each reason that moved', async () => {
    const a = await createCancellationReason(t.db, { name: 'A', position: 1 });
    const b = await createCancellationReason(t.db, { name: 'B', position: 2 });
    const c = await createCancellationReason(t.db, { name: 'C', position: 3 });
    const res = await agent.put(`${url}/order`, { ids: [c.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: CancellationReason) => [r.name, r.position])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    expect(await auditFor(c.id)).toMatchObject([
      { action: 'reorder', before: { position: 3 }, after: { position: 1 } },
    ]);
  });

  it('refuses an order that leaves out a reason or repeats one, and changes nothing', async () => {
    const a = await createCancellationReason(t.db, { name: 'A', position: 1 });
    const b = await createCancellationReason(t.db, { name: 'B', position: 2 });
    const missing = await agent.put(`${url}/order`, { ids: [b.id] });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().errors).toEqual([
      'The list of cancellation reasons has changed since this page was loaded. Reload the page and try again.',
    ]);
    const repeated = await agent.put(`${url}/order`, { ids: [a.id, a.id] });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().errors).toEqual({ ids: ['Each reason may appear only once.'] });
    const none = await agent.put(`${url}/order`, {});
    expect(none.json().errors).toEqual({ ids: ['The ids field is required.'] });
    expect(await names()).toEqual(['A', 'B']);
  });

  it('retires a reason in use: it stays listed and on recorded rows, and is refused for new ones', async () => {
    const reason = await createCancellationReason(t.db, { name: 'Promotion Ended' });
    const recorded = await createCancellation(t.db, { cancellationReasonId: reason.id });
    const res = await agent.post(`${url}/${reason.id}/retire`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: false, inUse: true });
    expect(await auditFor(reason.id)).toMatchObject([
      { action: 'retire', before: { active: true }, after: { active: false } },
    ]);
    expect(
      (await t.db.select().from(subscriptionCancellations).where(eq(subscriptionCancellations.id, recorded.id)))[0]!
        .cancellationReasonId,
    ).toBe(reason.id);
    const again = await agent.post(`${url}/${reason.id}/retire`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['"Promotion Ended" is already retired.']);

    const restored = await agent.post(`${url}/${reason.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ active: true });
  });

  it('refuses to delete a reason recorded on subscriptions with a clear message, and keeps it', async () => {
    const reason = await createCancellationReason(t.db, { name: 'Switched Carrier' });
    await createSubscription(t.db, { status: 'cancelled', cancelledAt: new Date(), cancellationReasonId: reason.id });
    const res = await agent.delete(`${url}/${reason.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      '"Switched Carrier" is recorded on subscriptions, so it cannot be deleted. Retire it instead: it leaves the picker and stays on history and charts.',
    ]);
    expect(await names()).toEqual(['Switched Carrier']);
  });

  it('deletes a reason never recorded, audits it, and answers 404 the second time', async () => {
    const reason = await createCancellationReason(t.db, { name: 'Typo Reason' });
    const res = await agent.delete(`${url}/${reason.id}`);
    expect(res.statusCode).toBe(204);
    expect(await dbReasons()).toHaveLength(0);
    expect(await auditFor(reason.id)).toMatchObject([{ action: 'delete', before: { name: 'Typo Reason' } }]);
    expect((await agent.delete(`${url}/${reason.id}`)).statusCode).toBe(404);
  });

  it('answers 419 to a change without the CSRF token', async () => {
    const other = await t.signIn();
    other.csrfToken = '';
    expect((await other.post(url, { name: 'No Token' })).statusCode).toBe(419);
    expect(await dbReasons()).toHaveLength(0);
  });
});

describe('input the database could not store', () => {
  const idMessage = 'The reason id must be a whole number from 1 to 2147483647.';

  it.each([
    ['a NUL character', 'Bad\u0000Name', 'The name may not contain a NUL character.'],
    ['half a surrogate pair', 'Bad \ud800 Name', 'The name contains an invalid character.'],
  ])('refuses a name with %s with 422, creating and renaming nothing', async (_label, name, message) => {
    const reason = await createCancellationReason(t.db, { name: 'Kept Name' });
    const created = await agent.post(url, { name });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ name: [message] });
    const renamed = await agent.patch(`${url}/${reason.id}`, { name });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ name: [message] });
    expect(await names()).toEqual(['Kept Name']);
    expect(await auditFor(reason.id)).toHaveLength(0);
  });

  it.each(['2147483648', '0x10', '1e3', '0'])('refuses %s as the reason id of every change with 422', async (bad) => {
    await createCancellationReason(t.db, { name: 'Untouched' });
    for (const res of [
      await agent.patch(`${url}/${bad}`, { name: 'Renamed' }),
      await agent.post(`${url}/${bad}/retire`),
      await agent.post(`${url}/${bad}/restore`),
      await agent.delete(`${url}/${bad}`),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ reasonId: [idMessage] });
    }
    expect(await list()).toMatchObject([{ name: 'Untouched', active: true }]);
  });

  it.each([2147483648, '0x10', '1e3', '\ud800'])('refuses %j among the ids of a new order with 422', async (bad) => {
    const a = await createCancellationReason(t.db, { name: 'A', position: 1 });
    const b = await createCancellationReason(t.db, { name: 'B', position: 2 });
    const res = await agent.put(`${url}/order`, { ids: [b.id, bad, a.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'ids.1': ['Each id must be a whole number from 1 to 2147483647.'] });
    expect(await names()).toEqual(['A', 'B']);
  });

  it.each([2147483648, '0x10', '1e3', 0])('refuses %j as the position of a new reason with 422', async (bad) => {
    const res = await agent.post(url, { name: 'Placed', position: bad });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ position: ['The position must be a whole number from 1 to 10000.'] });
    expect(await dbReasons()).toHaveLength(0);
  });
});
