import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp, type TestUser } from '../../test/app';
import { auditLog, subscriptionCancellations, subscriptions, suppliers } from '../../db/schema';
import { createCancellation, createCancellationReason } from '../../test/factories';
import { REVERT_MESSAGES } from '../../../contract/revert';
import { supplierBody } from '../../test/factories/supplier';

let t: TestApp;
let admin: Agent & { user: TestUser };
let clerk: Agent & { user: TestUser };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn();
  clerk = await t.signIn({ role: 'operations' });
});
afterAll(() => t.close());

let seq = 0;
const supplierName = async (id: number) =>
  (await t.db.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, id)))[0]!.name;
const latestEntry = async (entityType: string, entityId: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1)
  )[0]!;

async function editedSupplier(by: Agent) {
  const created = (await by.post('/admin/api/suppliers', supplierBody())).json<{ id: number; name: string }>();
  expect(
    (await by.put(`/admin/api/suppliers/${created.id}`, supplierBody({ name: `${created.name} Renamed` }))).statusCode,
  ).toBe(200);
  return created;
}

describe('undo from the toast', () => {
  it('puts a supplier back as it was, recorded as a change of its own', async () => {
    const s = await editedSupplier(clerk);
    const res = await clerk.post('/admin/api/undo', { entityType: 'supplier', entityId: s.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: `Supplier ${s.name} is back as it was.` });
    expect(await supplierName(s.id)).toBe(s.name);
    // The service's own entry puts the name back; the record's latest says the change was taken back.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'supplier'), eq(auditLog.entityId, s.id)))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(entries.map((e) => e.action)).toEqual(['change.reverted', 'supplier.updated']);
    expect(entries[1]).toMatchObject({ userId: clerk.user.id, after: expect.objectContaining({ name: s.name }) });
    // A second Undo finds nothing of the caller's to take back: it never redoes the change.
    expect((await clerk.post('/admin/api/undo', { entityType: 'supplier', entityId: s.id })).statusCode).toBe(409);
    expect(await supplierName(s.id)).toBe(s.name);
  });

  it('takes a change back once when two Undos arrive at the same moment', async () => {
    const s = await editedSupplier(clerk);
    const answers = await Promise.all(
      [1, 2].map(() => clerk.post('/admin/api/undo', { entityType: 'supplier', entityId: s.id })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await supplierName(s.id)).toBe(s.name);
  });

  it('refuses what is not the caller’s latest change, or too old, and changes nothing', async () => {
    const s = await editedSupplier(clerk);
    const other = await t.signIn({ role: 'operations' });
    const refused = await other.post('/admin/api/undo', { entityType: 'supplier', entityId: s.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: REVERT_MESSAGES.nothingToUndo });

    await t.db.execute(sql`update ${auditLog} set created_at = now() - interval '2 minutes'
      where entity_type = 'supplier' and entity_id = ${s.id}`);
    expect((await clerk.post('/admin/api/undo', { entityType: 'supplier', entityId: s.id })).statusCode).toBe(409);
    expect(await supplierName(s.id)).toBe(`${s.name} Renamed`);

    for (const body of [{ entityType: 'device', entityId: 1 }, { entityType: 'supplier', entityId: 0 }, {}])
      expect((await clerk.post('/admin/api/undo', body)).statusCode, JSON.stringify(body)).toBe(422);
    expect(
      (await (await t.guest()).post('/admin/api/undo', { entityType: 'supplier', entityId: s.id })).statusCode,
    ).toBe(401);
  });

  it('takes back a cancellation reason on the cancellation and its subscription, and not over a later one', async () => {
    const reason = await createCancellationReason(t.db, { name: 'Undo Moved' });
    const other = await createCancellationReason(t.db, { name: 'Undo Price' });
    const c = await createCancellation(t.db);
    expect(
      (await clerk.patch(`/admin/subscription-cancellations/${c.id}`, { cancellation_reason_id: reason.id }))
        .statusCode,
    ).toBe(200);
    const undone = await clerk.post('/admin/api/undo', { entityType: 'subscription_cancellation', entityId: c.id });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ message: 'The reason is cleared again.' });
    const [row] = await t.db.select().from(subscriptionCancellations).where(eq(subscriptionCancellations.id, c.id));
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, c.subscriptionId));
    expect([row!.cancellationReasonId, sub!.cancellationReasonId]).toEqual([0, 0]);

    // An Administrator reverting an older entry over a reason recorded since is refused.
    await clerk.patch(`/admin/subscription-cancellations/${c.id}`, { cancellation_reason_id: reason.id });
    const first = await latestEntry('subscription_cancellation', c.id);
    await clerk.patch(`/admin/subscription-cancellations/${c.id}`, { cancellation_reason_id: other.id });
    const stale = await admin.post(`/admin/api/audit-log/${first.id}/revert`);
    expect(stale.statusCode).toBe(409);
    const [still] = await t.db.select().from(subscriptionCancellations).where(eq(subscriptionCancellations.id, c.id));
    expect(still!.cancellationReasonId).toBe(other.id);
  });
});

describe('revert from the audit log', () => {
  it('lets an Administrator revert a reversible entry while the record is as it left it', async () => {
    const s = await editedSupplier(clerk);
    const entry = await latestEntry('supplier', s.id);
    expect((await clerk.post(`/admin/api/audit-log/${entry.id}/revert`)).statusCode).toBe(403);
    const res = await admin.post(`/admin/api/audit-log/${entry.id}/revert`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await supplierName(s.id)).toBe(s.name);
    // Reverting the same entry again is refused: it was taken back already.
    const again = await admin.post(`/admin/api/audit-log/${entry.id}/revert`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: REVERT_MESSAGES.takenBack });
    expect(await supplierName(s.id)).toBe(s.name);
  });

  it('reverts a container edit, and refuses entries that cannot be reverted', async () => {
    const created = (
      await clerk.post('/admin/api/parcel-containers', { name: `Undo Box ${++seq}`, length: 8, width: 6, height: 2 })
    ).json<{ id: number; name: string }>();
    await clerk.put(`/admin/api/parcel-containers/${created.id}`, {
      name: created.name,
      length: 9,
      width: 6,
      height: 2,
    });
    const edit = await latestEntry('container', created.id);
    expect((await admin.post(`/admin/api/audit-log/${edit.id}/revert`)).statusCode).toBe(200);
    const containers = (await admin.get('/admin/api/parcel-containers')).json<{ id: number; length: number }[]>();
    expect(containers.find((c) => c.id === created.id)?.length).toBe(8);

    const s = await editedSupplier(clerk);
    const [creation] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.id), eq(auditLog.action, 'supplier.created')));
    const refused = await admin.post(`/admin/api/audit-log/${creation!.id}/revert`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: REVERT_MESSAGES.notReversible });
    expect((await admin.post('/admin/api/audit-log/2000000000/revert')).statusCode).toBe(404);
  });
});

describe('undo of reasons and settings', () => {
  it('takes back a rename and a retirement of a reason, and refuses a rename changed since', async () => {
    const reason = await createCancellationReason(t.db, { name: `Undo Rename ${++seq}` });
    const path = `/admin/api/cancellation-reasons/${reason.id}`;
    expect((await admin.patch(path, { name: `${reason.name} B` })).statusCode).toBe(200);
    const undone = await admin.post('/admin/api/undo', { entityType: 'cancellation_reason', entityId: reason.id });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ message: `The reason is named ${reason.name} again.` });

    expect((await admin.post(`${path}/retire`)).statusCode).toBe(200);
    const restored = await admin.post('/admin/api/undo', { entityType: 'cancellation_reason', entityId: reason.id });
    expect(restored.json()).toEqual({ message: `${reason.name} is back in the picker.` });
    const list = (await admin.get('/admin/api/cancellation-reasons')).json<
      { id: number; name: string; active: boolean }[]
    >();
    expect(list.find((r) => r.id === reason.id)).toMatchObject({ name: reason.name, active: true });

    expect((await admin.patch(path, { name: `${reason.name} C` })).statusCode).toBe(200);
    const rename = await latestEntry('cancellation_reason', reason.id);
    expect((await admin.patch(path, { name: `${reason.name} D` })).statusCode).toBe(200);
    expect((await admin.post(`/admin/api/audit-log/${rename.id}/revert`)).statusCode).toBe(409);
  });

  it('puts the lookup e-mail settings back as they were, the defaults before a first save', async () => {
    const read = async () =>
      (await admin.get('/admin/api/settings/lookup-email')).json<Record<string, string | null>>();
    const first = await read();
    const saved = await admin.put('/admin/api/settings/lookup-email', {
      subject: 'Undo subject',
      senderName: first.senderName,
      senderEmail: first.senderEmail,
      body: first.body,
      version: first.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const undone = await admin.post('/admin/api/undo', { entityType: 'settings.lookup_email', entityId: 1 });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await read()).subject).toBe(first.subject);
  });
});
