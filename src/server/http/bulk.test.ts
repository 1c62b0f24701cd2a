import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { auditLog, equipment, subscriptionCancellations, subscriptions } from '../db/schema';
import { createCancellation, createCancellationReason, createEquipment } from '../test/factories';
import { BULK_ITEM_FAILED, BULK_MAX, type BulkResult } from '../../contract/bulk';
import { eachOnItsOwn } from './bulk';
import { ActionError } from './errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statesOf = async (ids: number[]) =>
  Object.fromEntries(
    (await t.db.select().from(equipment).where(inArray(equipment.id, ids))).map((e) => [e.id, e.state]),
  );

describe('marking many equipment items received', () => {
  it('moves each held item on its own, and says which were refused and why', async () => {
    const agent = await t.signIn({ role: 'operations' });
    const a = await createEquipment(t.db, { state: 'hold' });
    const b = await createEquipment(t.db, { state: 'returning', imei: '356600000000777' });
    const c = await createEquipment(t.db, { state: 'hold' });
    const res = await agent.post('/admin/api/equipment/received', { ids: [a.id, b.id, 2_000_000_000, c.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json<BulkResult>()).toEqual({
      done: [a.id, c.id],
      failed: [
        { id: b.id, message: 'IMEI 356600000000777 is not on equipment hold: it is listed as Returning.' },
        { id: 2_000_000_000, message: 'Equipment 2000000000 no longer exists.' },
      ],
    });
    expect(await statesOf([a.id, b.id, c.id])).toEqual({ [a.id]: 'unbuilt', [b.id]: 'returning', [c.id]: 'unbuilt' });
    const audited = await t.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'equipment.received'), eq(auditLog.userId, agent.user.id)));
    expect(audited.map((r) => r.entityId).sort()).toEqual([a.id, c.id].sort());

    // Sent again, every row is refused and nothing changes.
    const again = await agent.post('/admin/api/equipment/received', { ids: [a.id, c.id] });
    expect(again.json<BulkResult>().done).toEqual([]);
    expect(again.json<BulkResult>().failed).toHaveLength(2);
  });

  it('refuses a malformed choice as a whole, changing nothing', async () => {
    const agent = await t.signIn({ role: 'operations' });
    const held = await createEquipment(t.db, { state: 'hold' });
    for (const body of [
      {},
      { ids: [] },
      { ids: [held.id, held.id] },
      { ids: Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1) },
      { ids: [held.id, 0] },
      { ids: [held.id, '1e3'] },
      { ids: String(held.id) },
      { ids: [held.id], extra: true },
    ]) {
      const res = await agent.post('/admin/api/equipment/received', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await statesOf([held.id])).toEqual({ [held.id]: 'hold' });
    const analyst = await t.signIn({ role: 'analyst' });
    expect((await analyst.post('/admin/api/equipment/received', { ids: [held.id] })).statusCode).toBe(403);
    expect((await (await t.guest()).post('/admin/api/equipment/received', { ids: [held.id] })).statusCode).toBe(401);
    expect(await statesOf([held.id])).toEqual({ [held.id]: 'hold' });
  });
});

describe('setting one cancellation reason on many cancellations', () => {
  it('records the reason on each, on its subscription too, and refuses rows changed meanwhile', async () => {
    const agent = await t.signIn({ role: 'operations' });
    const moved = await createCancellationReason(t.db, { name: 'Moved away (bulk)' });
    const price = await createCancellationReason(t.db, { name: 'Price (bulk)' });
    const [a, b, c] = [await createCancellation(t.db), await createCancellation(t.db), await createCancellation(t.db)];
    // Someone else gave b a reason after the list was loaded.
    await agent.patch(`/admin/subscription-cancellations/${b.id}`, { cancellation_reason_id: price.id });

    const res = await agent.patch('/admin/api/subscription-cancellations/reasons', {
      ids: [a.id, b.id, c.id],
      cancellation_reason_id: moved.id,
      expected_cancellation_reason_id: 0,
    });
    expect(res.statusCode).toBe(200);
    const result = res.json<BulkResult>();
    expect(result.done).toEqual([a.id, c.id]);
    expect(result.failed).toEqual([{ id: b.id, message: expect.stringContaining('Price (bulk)') }]);
    const rows = await t.db
      .select()
      .from(subscriptionCancellations)
      .where(inArray(subscriptionCancellations.id, [a.id, b.id, c.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.cancellationReasonId]))).toEqual({
      [a.id]: moved.id,
      [b.id]: price.id,
      [c.id]: moved.id,
    });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, a.subscriptionId));
    expect(sub!.cancellationReasonId).toBe(moved.id);
  });

  it('refuses a retired or unknown reason for the whole request', async () => {
    const agent = await t.signIn({ role: 'operations' });
    const retired = await createCancellationReason(t.db, { active: false });
    const row = await createCancellation(t.db);
    for (const reason of [retired.id, 2_000_000_000]) {
      const res = await agent.patch('/admin/api/subscription-cancellations/reasons', {
        ids: [row.id],
        cancellation_reason_id: reason,
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['cancellation_reason_id']);
    }
    const field = await t.signIn({ role: 'field-rep' });
    expect(
      (await field.patch('/admin/api/subscription-cancellations/reasons', { ids: [row.id], cancellation_reason_id: 0 }))
        .statusCode,
    ).toBe(403);
    const [unchanged] = await t.db
      .select()
      .from(subscriptionCancellations)
      .where(eq(subscriptionCancellations.id, row.id));
    expect(unchanged!.cancellationReasonId).toBe(0);
  });
});

describe('each row on its own', () => {
  it('reports a failure of the server’s own without its details, logs it, and goes on with the next rows', async () => {
    const error = vi.fn();
    const applied: number[] = [];
    const result = await eachOnItsOwn([1, 2, 3], { error } as unknown as FastifyBaseLogger, async (id) => {
      if (id === 1) throw new Error('connection reset at 10.0.0.5');
      if (id === 2) throw new ActionError('Refused for a reason the user can act on.');
      applied.push(id);
    });
    expect(result).toEqual({
      done: [3],
      failed: [
        { id: 1, message: BULK_ITEM_FAILED },
        { id: 2, message: 'Refused for a reason the user can act on.' },
      ],
    });
    expect(applied).toEqual([3]);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
