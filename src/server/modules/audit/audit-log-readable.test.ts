import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp, type TestUser } from '../../test/app';
import { auditLog, products, subscriptions, customers, suppliers } from '../../db/schema';
import { createCancellation, createCancellationReason, createDevice, createSupplier } from '../../test/factories';
import { supplierBody } from '../../test/factories/supplier';
import { mayNameRecords, recordsNow } from './record-names';
import type { AuditLogPage } from '../../../contract/audit';
import { REVERT_MESSAGES } from '../../../contract/revert';

let t: TestApp;
let admin: Agent & { user: TestUser };
let clerk: Agent & { user: TestUser };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ name: 'Ada Admin' });
  clerk = await t.signIn({ role: 'operations', name: 'Cleo Clerk' });
});
afterAll(() => t.close());

const page = async (query: string) => {
  const res = await admin.get(`/admin/api/audit-log?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogPage>();
};
const entriesOf = async (entityType: string, entityId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
  )[0]!.n;
const supplierName = async (id: number) =>
  (await t.db.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, id)))[0]!.name;

/** A supplier the clerk created and renamed: its latest entry is the rename. */
async function renamedSupplier() {
  const created = (await clerk.post('/admin/api/suppliers', supplierBody())).json<{ id: number; name: string }>();
  const renamed = await clerk.put(`/admin/api/suppliers/${created.id}`, supplierBody({ name: `${created.name} B` }));
  expect(renamed.statusCode, renamed.body).toBe(200);
  return created;
}

describe('records named in the audit log', () => {
  it('names a supplier, a device by model and IMEI, a cancellation by its customer and a reason by its label', async () => {
    const author = await t.createUser();
    const device = await createDevice(t.db);
    const [product] = await t.db.select().from(products).where(eq(products.id, device.productId!));
    const cancellation = await createCancellation(t.db);
    const [customer] = await t.db
      .select({ name: customers.name })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .where(eq(subscriptions.id, cancellation.subscriptionId));
    const reason = await createCancellationReason(t.db, { name: 'Named Reason' });
    const supplier = (await clerk.post('/admin/api/suppliers', supplierBody())).json<{ id: number; name: string }>();
    const written = [
      ['device.blacklist_hold', 'device', device.id],
      ['set_cancellation_reason', 'subscription_cancellation', cancellation.id],
      ['rename', 'cancellation_reason', reason.id],
      ['supplier.updated', 'supplier', supplier.id],
      ['supplier.updated', 'supplier', 2_000_000_000],
    ] as const;
    // Five changes, each its own: a second apart. Written one after another they could share a millisecond on the
    // embedded database, whose clock has no finer grain, and read as one change (ADR 055 groups by author and time).
    const start = Date.now() - written.length * 1000;
    await t.db.insert(auditLog).values(
      written.map(([action, entityType, entityId], i) => ({
        userId: author.id,
        action,
        entityType,
        entityId,
        createdAt: new Date(start + i * 1000),
      })),
    );

    const { rows } = await page(`userId=${author.id}`);
    expect(rows.map((r) => [r.entityType, r.recordName, r.recordGone]).reverse()).toEqual([
      ['device', `${product!.model} · IMEI ${device.imei}`, false],
      ['subscription_cancellation', customer!.name, false],
      ['cancellation_reason', 'Named Reason', false],
      ['supplier', supplier.name, false],
      ['supplier', null, true],
    ]);
  });

  it('reads the names with one query per kind of record, however many entries name records of that kind', async () => {
    const named = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => createSupplier(t.db, { name: `Counted Supplier ${n}` })),
    );
    const reasons = await Promise.all([1, 2, 3].map((n) => createCancellationReason(t.db, { name: `Counted ${n}` })));
    let selects = 0;
    // Each query the names take starts from a `select` of the handle they are given.
    const counting = new Proxy(t.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== 'select' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          selects += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const refs = [
      ...named.map((c) => ({ entityType: 'supplier', entityId: c.id })),
      ...reasons.map((r) => ({ entityType: 'cancellation_reason', entityId: r.id })),
      { entityType: 'supplier', entityId: 2 ** 31 - 1 },
    ];
    const now = await recordsNow(counting, refs);
    expect(selects).toBe(2);
    expect(named.map((c) => now({ entityType: 'supplier', entityId: c.id }).name)).toEqual(named.map((c) => c.name));
    expect(now({ entityType: 'cancellation_reason', entityId: reasons[2]!.id }).name).toBe('Counted 3');
    expect(now({ entityType: 'supplier', entityId: 2 ** 31 - 1 })).toEqual({ name: null, gone: true });
  });

  it('names a kind of record only to a role that may see its pages', () => {
    expect(mayNameRecords('administrator', 'user')).toBe(true);
    expect(mayNameRecords('analyst', 'supplier')).toBe(true);
    expect(mayNameRecords('analyst', 'user')).toBe(false);
    expect(mayNameRecords('field-rep', 'subscription')).toBe(false);
    expect(mayNameRecords('field-rep', 'prospect')).toBe(false);
  });
});

describe('an undo in the audit log', () => {
  it('shows the undo with the change it took back, not as entries of its own, and no Revert on that change', async () => {
    const s = await renamedSupplier();
    expect((await clerk.post('/admin/api/undo', { entityType: 'supplier', entityId: s.id })).statusCode).toBe(200);

    const { rows } = await page(`entityType=supplier&entityId=${s.id}`);
    expect(rows.map((r) => r.action)).toEqual(['supplier.updated', 'supplier.created']);
    const [change] = rows;
    expect(change).toMatchObject({ recordName: s.name, revertable: false, userName: 'Cleo Clerk' });
    expect(change!.undos).toHaveLength(1);
    const [undo] = change!.undos;
    expect(undo).toMatchObject({ userName: 'Cleo Clerk' });
    // The supplier's own entry of the undo puts the name back; reverting it would redo the change.
    expect(undo!.entries).toMatchObject([
      { action: 'supplier.updated', before: { name: `${s.name} B` }, after: { name: s.name }, revertable: true },
    ]);
  });

  it('shows with the change every entry its undo wrote, on another record too, each named', async () => {
    const reason = await createCancellationReason(t.db, { name: 'Grouped Reason' });
    const c = await createCancellation(t.db);
    const [customer] = await t.db
      .select({ name: customers.name })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .where(eq(subscriptions.id, c.subscriptionId));
    await clerk.patch(`/admin/subscription-cancellations/${c.id}`, { cancellation_reason_id: reason.id });
    const undone = await clerk.post('/admin/api/undo', { entityType: 'subscription_cancellation', entityId: c.id });
    expect(undone.statusCode, undone.body).toBe(200);

    const { rows } = await page(`entityType=subscription_cancellation&entityId=${c.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recordName: customer!.name, revertable: false });
    expect(rows[0]!.undos[0]!.entries.map((b) => [b.entityType, b.recordName, b.after])).toEqual([
      ['subscription_cancellation', customer!.name, { cancellation_reason_id: 0, cancellation_reason: null }],
      ['subscription', customer!.name, { cancellation_reason_id: 0, cancellation_reason: null }],
    ]);
  });

  it('groups the undo with its change oldest first as well, on the page of the change', async () => {
    const s = await renamedSupplier();
    expect((await clerk.post('/admin/api/undo', { entityType: 'supplier', entityId: s.id })).statusCode).toBe(200);

    const { rows } = await page(`entityType=supplier&entityId=${s.id}&sort=createdAt`);
    expect(rows.map((r) => [r.action, r.undos.length])).toEqual([
      ['supplier.created', 0],
      ['supplier.updated', 1],
    ]);
    expect(rows[1]!.undos[0]!.entries).toMatchObject([{ action: 'supplier.updated', after: { name: s.name } }]);
  });

  it('shows the undo as entries of their own when the filters leave out the change', async () => {
    const s = await renamedSupplier();
    const change = (await page(`entityType=supplier&entityId=${s.id}&action=supplier.updated`)).rows[0]!;
    expect((await admin.post(`/admin/api/audit-log/${change.id}/revert`)).statusCode).toBe(200);

    // The Administrator's own entries: the clerk's change is not among them, so the revert is shown alone.
    const own = await page(`userId=${admin.user.id}&entityType=supplier&entityId=${s.id}`);
    expect(own.rows.map((r) => r.action)).toEqual(['change.reverted', 'supplier.updated']);
    expect(own.rows[0]!.before).toEqual({ entryId: change.id, action: 'supplier.updated' });
    const all = await page(`entityType=supplier&entityId=${s.id}`);
    expect(all.rows.map((r) => [r.action, r.undos.length])).toEqual([
      ['supplier.updated', 1],
      ['supplier.created', 0],
    ]);
  });
});

describe('Revert where it no longer applies', () => {
  it('refuses a change taken back already, and changes nothing', async () => {
    const s = await renamedSupplier();
    expect((await clerk.post('/admin/api/undo', { entityType: 'supplier', entityId: s.id })).statusCode).toBe(200);
    const [change] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.id), eq(auditLog.action, 'supplier.updated')))
      .orderBy(auditLog.id)
      .limit(1);
    const written = await entriesOf('supplier', s.id);
    const refused = await admin.post(`/admin/api/audit-log/${change!.id}/revert`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: REVERT_MESSAGES.takenBack });
    expect(await supplierName(s.id)).toBe(s.name);
    expect(await entriesOf('supplier', s.id)).toBe(written);
  });

  it('offers Revert on a record’s latest change only, and refuses an older one, changing nothing', async () => {
    const s = await renamedSupplier();
    await clerk.put(`/admin/api/suppliers/${s.id}`, supplierBody({ name: `${s.name} C` }));
    const { rows } = await page(`entityType=supplier&entityId=${s.id}&action=supplier.updated`);
    expect(rows.map((r) => [r.after, r.revertable])).toEqual([
      [expect.objectContaining({ name: `${s.name} C` }), true],
      [expect.objectContaining({ name: `${s.name} B` }), false],
    ]);
    const written = await entriesOf('supplier', s.id);
    const refused = await admin.post(`/admin/api/audit-log/${rows[1]!.id}/revert`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: REVERT_MESSAGES.changedSince });
    expect(await supplierName(s.id)).toBe(`${s.name} C`);
    expect(await entriesOf('supplier', s.id)).toBe(written);
  });

  it('refuses the change of a record deleted since, and says so', async () => {
    const box = (
      await clerk.post('/admin/api/parcel-containers', { name: 'Gone Box', length: 8, width: 6, height: 2 })
    ).json<{ id: number }>();
    await clerk.put(`/admin/api/parcel-containers/${box.id}`, { name: 'Gone Box', length: 9, width: 6, height: 2 });
    const [edit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'container'), eq(auditLog.entityId, box.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect((await clerk.delete(`/admin/api/parcel-containers/${box.id}`)).statusCode).toBeLessThan(300);

    const { rows } = await page(`entityType=container&entityId=${box.id}&action=container.updated`);
    expect(rows[0]).toMatchObject({ id: edit!.id, recordGone: true, recordName: null, revertable: false });
    const written = await entriesOf('container', box.id);
    const refused = await admin.post(`/admin/api/audit-log/${edit!.id}/revert`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: REVERT_MESSAGES.recordGone });
    expect(await entriesOf('container', box.id)).toBe(written);
  });
});
