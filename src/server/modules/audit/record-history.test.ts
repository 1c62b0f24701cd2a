import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp, type TestUser } from '../../test/app';
import { supplierBody } from '../../test/factories/supplier';
import { createCancellation, createCancellationReason, createCustomer, createSubscription } from '../../test/factories';
import { AUDIT_HISTORY_SIZE, type AuditEntry } from '../../../contract/audit';

let t: TestApp;
let admin: Agent & { user: TestUser };
let clerk: Agent & { user: TestUser };
let analyst: Agent & { user: TestUser };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ name: 'Hana Admin' });
  clerk = await t.signIn({ role: 'operations', name: 'Hugo Clerk' });
  analyst = await t.signIn({ role: 'analyst', name: 'Ari Analyst' });
});
afterAll(() => t.close());

const historyOf = async (agent: Agent, entityType: string, entityId: number) => {
  const res = await agent.get(`/admin/api/audit?entityType=${entityType}&entityId=${entityId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditEntry[]>();
};

/** A supplier the clerk created, renamed, then took the rename back from its toast. */
async function renamedAndUndone() {
  const s = (await clerk.post('/admin/api/suppliers', supplierBody())).json<{ id: number; name: string }>();
  expect((await clerk.put(`/admin/api/suppliers/${s.id}`, supplierBody({ name: `${s.name} B` }))).statusCode).toBe(200);
  expect((await clerk.post('/admin/api/undo', { entityType: 'supplier', entityId: s.id })).statusCode).toBe(200);
  return s;
}

describe("a record's history", () => {
  it('names the record and shows each undo with the change it took back, not as entries of their own', async () => {
    const s = await renamedAndUndone();
    const history = await historyOf(analyst, 'supplier', s.id);
    expect(history.map((e) => [e.action, e.userName, e.recordName])).toEqual([
      ['supplier.updated', 'Hugo Clerk', s.name],
      ['supplier.created', 'Hugo Clerk', s.name],
    ]);
    const [rename] = history;
    expect(rename!.before).toMatchObject({ name: s.name });
    expect(rename!.after).toMatchObject({ name: `${s.name} B` });
    expect(rename!.undos).toHaveLength(1);
    expect(rename!.undos[0]).toMatchObject({ userName: 'Hugo Clerk' });
    expect(rename!.undos[0]!.entries).toMatchObject([
      { action: 'supplier.updated', before: { name: `${s.name} B` }, after: { name: s.name }, recordName: s.name },
    ]);
  });

  it('offers Revert and Redo to an Administrator where the log would, and to no role that may not revert', async () => {
    const s = await renamedAndUndone();
    const [rename] = await historyOf(admin, 'supplier', s.id);
    // The rename is taken back already; reverting its undo would make it again.
    expect(rename!.revertable).toBe(false);
    expect(rename!.undos[0]!.entries[0]!.revertable).toBe(true);
    for (const agent of [clerk, analyst]) {
      const [seen] = await historyOf(agent, 'supplier', s.id);
      expect(seen!.undos[0]!.entries[0]!.revertable).toBe(false);
    }
  });

  it('leaves out where a change came from: the address, the user agent and the author’s account id are the log’s', async () => {
    const s = await renamedAndUndone();
    const [rename] = await historyOf(admin, 'supplier', s.id);
    for (const entry of [rename!, ...rename!.undos[0]!.entries])
      for (const key of ['ip', 'userAgent', 'userId']) expect(entry, key).not.toHaveProperty(key);
  });

  it('is refused to a role without histories, and names the record to one that may see its page', async () => {
    const fieldRep = await t.signIn({ role: 'field-rep' });
    expect((await fieldRep.get('/admin/api/audit?entityType=supplier&entityId=1')).statusCode).toBe(403);
    const s = await renamedAndUndone();
    expect((await historyOf(analyst, 'supplier', s.id))[0]!.recordName).toBe(s.name);
  });

  it(`shows the latest ${AUDIT_HISTORY_SIZE} changes, newest first`, async () => {
    const s = (await clerk.post('/admin/api/suppliers', supplierBody())).json<{ id: number }>();
    // Each a change of its own, a microsecond apart.
    await t.db.execute(sql`
      insert into audit_log (user_id, action, entity_type, entity_id, before, after, created_at)
      select ${clerk.user.id}, 'supplier.updated', 'supplier', ${s.id}, jsonb_build_object('n', g - 1),
        jsonb_build_object('n', g), clock_timestamp() + g * interval '1 microsecond'
      from generate_series(1, ${AUDIT_HISTORY_SIZE + 5}) as g`);
    const history = await historyOf(analyst, 'supplier', s.id);
    expect(history).toHaveLength(AUDIT_HISTORY_SIZE);
    expect(history[0]!.after).toEqual({ n: AUDIT_HISTORY_SIZE + 5 });
  });

  it("shows on a customer's page the changes of their subscriptions, cancellations and parcels, and no one else's", async () => {
    const customer = await createCustomer(t.db, { name: 'Hilde History' });
    const other = await createCustomer(t.db, { name: 'Otto Other' });
    const reason = await createCancellationReason(t.db, { name: 'History Reason' });
    const cancelled = async (customerId: number) =>
      createCancellation(t.db, { subscriptionId: (await createSubscription(t.db, { customerId })).id });
    const theirs = await cancelled(customer.id);
    const notTheirs = await cancelled(other.id);
    for (const c of [theirs, notTheirs]) {
      const set = await clerk.patch(`/admin/subscription-cancellations/${c.id}`, { cancellation_reason_id: reason.id });
      expect(set.statusCode, set.body).toBe(200);
    }
    const sub = await createSubscription(t.db, { customerId: customer.id });
    const parcel = await clerk.post('/admin/api/parcels', {
      customer_id: customer.id,
      direction: 'to_customer',
      device_id: sub.deviceId,
      length: 10,
      width: 8,
      height: 4,
      weight: 12,
    });
    expect(parcel.statusCode, parcel.body).toBe(201);

    const history = await historyOf(analyst, 'customer', customer.id);
    expect(
      history.map((e) => [e.action, e.entityType, e.entityId, ...e.alongside.map((a) => [a.entityType, a.entityId])]),
    ).toEqual([
      ['parcel.created', 'parcel', parcel.json<{ id: number }>().id],
      ['set_cancellation_reason', 'subscription', theirs.subscriptionId, ['subscription_cancellation', theirs.id]],
    ]);
    expect(history[1]!.recordName).toBe('Hilde History');
    expect((await historyOf(analyst, 'customer', other.id)).map((e) => e.entityId)).toEqual([notTheirs.subscriptionId]);
    expect(await historyOf(analyst, 'customer', other.id + 1000)).toEqual([]);
  });
});
