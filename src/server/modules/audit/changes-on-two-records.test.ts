import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp, type TestUser } from '../../test/app';
import {
  createCancellation,
  createCancellationReason,
  createCustomer,
  createDevice,
  createProduct,
  createSubscription,
} from '../../test/factories';
import { devicesEndpoints } from '../../../contract/devices';
import { pathOf } from '../../../contract/endpoint';
import type { AuditEntry, AuditLogPage } from '../../../contract/audit';

let t: TestApp;
let admin: Agent & { user: TestUser };
let clerk: Agent & { user: TestUser };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ name: 'Tess Admin' });
  clerk = await t.signIn({ role: 'operations', name: 'Theo Clerk' });
});
afterAll(() => t.close());

const logPage = async (query: string) => {
  const res = await admin.get(`/admin/api/audit-log?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogPage>();
};
const historyOf = async (entityType: string, entityId: number) => {
  const res = await clerk.get(`/admin/api/audit?entityType=${entityType}&entityId=${entityId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditEntry[]>();
};
/** A row as a reader sees it: its action and record, and those of the entries written alongside. */
const named = (r: AuditEntry) => [
  [r.action, r.entityType, r.entityId],
  ...r.alongside.map((a) => [a.action, a.entityType, a.entityId]),
];

/** A device with a phone on a customer's subscription, moved by the clerk onto a SIM Only found by its SIM. */
async function replaced() {
  const product = await createProduct(t.db, { price: '199.00' });
  const device = await createDevice(t.db, { productId: product.id, deviceStatusId: 1 });
  await createSubscription(t.db, { deviceId: device.id, customerId: (await createCustomer(t.db)).id });
  const target = await createDevice(t.db, { simOnly: true, deviceStatusId: 4, deployedAt: null });
  const res = await clerk.post(pathOf(devicesEndpoints.replace, { id: device.id }), {
    sim: target.sim,
    new_device_id: target.id,
    product_id: product.id,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { device, target };
}

describe('a change that writes entries on two records', () => {
  it('is one row of the audit log naming both devices of a replacement, each by its name', async () => {
    const { device, target } = await replaced();
    const { rows } = await logPage(`userId=${clerk.user.id}&entityType=device`);
    const row = rows.find((r) => [r.entityId, ...r.alongside.map((a) => a.entityId)].includes(device.id))!;
    expect(named(row)).toEqual([
      ['device.equipment_moved_in', 'device', target.id],
      ['device.equipment_moved_out', 'device', device.id],
    ]);
    expect(rows.filter((r) => r.entityId === device.id || r.entityId === target.id)).toHaveLength(1);
    // The phone is now on the target; the old device is a SIM Only.
    expect(row.recordName).toEqual(expect.stringMatching(/^(?!SIM Only)/));
    expect(row.alongside[0]!.recordName).toMatch(/^SIM Only · /);
    expect(row.alongside[0]).toHaveProperty('ip');
  });

  it('is found by a filter on either record, as that record’s entry with the other’s alongside', async () => {
    const { device, target } = await replaced();
    const old = (await logPage(`entityType=device&entityId=${device.id}`)).rows;
    expect(old.map(named)).toEqual([
      [
        ['device.equipment_moved_out', 'device', device.id],
        ['device.equipment_moved_in', 'device', target.id],
      ],
    ]);
    const found = (await logPage(`entityType=device&entityId=${target.id}`)).rows;
    expect(found.map(named)).toEqual([
      [
        ['device.equipment_moved_in', 'device', target.id],
        ['device.equipment_moved_out', 'device', device.id],
      ],
    ]);
  });

  it('is one row in each record’s history naming the other: a device and the equipment its action took out', async () => {
    const device = await createDevice(t.db);
    const res = await clerk.post(pathOf(devicesEndpoints.unassignEquipment, { id: device.id }));
    expect(res.statusCode, res.body).toBe(200);
    const { equipmentId } = res.json<{ equipmentId: number }>();

    const ofDevice = await historyOf('device', device.id);
    expect(ofDevice.map(named)).toEqual([
      [
        ['device.unassign_equipment', 'device', device.id],
        ['equipment.created', 'equipment', equipmentId],
      ],
    ]);
    expect(ofDevice[0]!.alongside[0]!.recordName).toEqual(expect.stringMatching(/ · IMEI \d+$/));
    expect(ofDevice[0]!.alongside[0]).not.toHaveProperty('ip');
    const ofEquipment = await historyOf('equipment', equipmentId);
    expect(ofEquipment.map(named)).toEqual([
      [
        ['equipment.created', 'equipment', equipmentId],
        ['device.unassign_equipment', 'device', device.id],
      ],
    ]);
  });

  it('shows its undo with it in the history of the record the undo was not asked on', async () => {
    const reason = await createCancellationReason(t.db, { name: 'Paired Reason' });
    const c = await createCancellation(t.db);
    const set = await clerk.patch(`/admin/subscription-cancellations/${c.id}`, { cancellation_reason_id: reason.id });
    expect(set.statusCode, set.body).toBe(200);
    const undone = await clerk.post('/admin/api/undo', { entityType: 'subscription_cancellation', entityId: c.id });
    expect(undone.statusCode, undone.body).toBe(200);

    // The reason was recorded on the cancellation, then on its subscription; the undo named the cancellation's entry.
    const ofSubscription = await historyOf('subscription', c.subscriptionId);
    expect(ofSubscription.map(named)).toEqual([
      [
        ['set_cancellation_reason', 'subscription', c.subscriptionId],
        ['set_cancellation_reason', 'subscription_cancellation', c.id],
      ],
    ]);
    expect(ofSubscription[0]!.undos).toHaveLength(1);
    expect(ofSubscription[0]!.undos[0]!.entries.map((e) => [e.entityType, e.after])).toEqual([
      ['subscription_cancellation', { cancellation_reason_id: 0, cancellation_reason: null }],
      ['subscription', { cancellation_reason_id: 0, cancellation_reason: null }],
    ]);
  });

  it('still exports every entry, one a line, as written', async () => {
    const { device, target } = await replaced();
    const res = await admin.get(`/admin/api/audit-log/export.csv?entityType=device&userId=${clerk.user.id}`);
    expect(res.statusCode).toBe(200);
    const ids = res.body
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[6]));
    expect(ids).toContain(device.id);
    expect(ids).toContain(target.id);
  });
});
