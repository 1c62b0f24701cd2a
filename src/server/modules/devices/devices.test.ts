import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { auditLog, devices, deviceSwaps, equipment, loaners, subscriptions } from '../../db/schema';
import {
  createCustomer,
  createDevice,
  createLoaner,
  createProduct,
  createSubscription,
  createSupplier,
} from '../../test/factories';
import { devicesEndpoints as endpoints } from '../../../contract/devices';
import { pathOf, type Endpoint } from '../../../contract/endpoint';
import { imeiEndingIn } from './devices.queries';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
let other: Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn();
  other = await t.signIn();
});
afterAll(() => t.close());

/** The path of a call on one device (an id as text is sent as it is). */
const at = (e: Endpoint, id: number | string) => pathOf(e, { id });
const simPath = (sim: string) => pathOf(endpoints.bySim, { sim });

const deviceRow = async (id: number) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0];
const equipmentFrom = (id: number) => t.db.select().from(equipment).where(eq(equipment.fromDeviceId, id));
const audits = (entityType: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));

/** A device with a phone of the given price, as a customer's cancelled (so deletable) line. */
async function builtDevice(price = '199.00', overrides: Parameters<typeof createDevice>[1] = {}) {
  const product = await createProduct(t.db, { price });
  const device = await createDevice(t.db, {
    productId: product.id,
    imei: `35${Date.now() % 1e9}${Math.floor(Math.random() * 1e4)}`,
    ...overrides,
  });
  return { device, product };
}

type Call = (id: number) => Promise<{ statusCode: number; json: () => unknown }>;
const actions: Record<string, (a: typeof agent) => Call> = {
  blacklistHold: (a) => (id) => a.delete(at(endpoints.blacklistHold, id)),
  unassign: (a) => (id) => a.post(at(endpoints.unassignEquipment, id)),
  removeEquipment: (a) => (id) => a.delete(at(endpoints.removeEquipment, id)),
  separate: (a) => (id) => a.post(at(endpoints.separateEquipment, id)),
  deleteLine: (a) => (id) => a.delete(at(endpoints.deleteLine, id)),
  deleteDevice: (a) => (id) => a.delete(at(endpoints.deleteDevice, id)),
};

describe('device list and detail', () => {
  it('finds a device by its whole IMEI, SIM, phone (typed with punctuation) or id, and filters by status and product', async () => {
    const { device, product } = await builtDevice('149.00', { phone: '6155550142' });
    const list = async (query: string) =>
      (await agent.get(`${endpoints.list.path}?${query}`)).json() as { rows: { id: number }[]; total: number };
    for (const q of [device.imei!, device.sim, '(615) 555-0142', '+1 615-555-0142', String(device.id)]) {
      expect((await list(`q=${encodeURIComponent(q)}`)).rows.map((r) => r.id)).toContain(device.id);
    }
    expect((await list(`productId=${product.id}`)).rows.map((r) => r.id)).toEqual([device.id]);
    expect((await list(`productId=${product.id}&status=4`)).rows).toEqual([]);
    expect((await list('q=no-such-device')).total).toBe(0);
    expect((await list(`q=${device.sim.slice(-8)}`)).total).toBe(0);
  });

  it('finds a device by the last 4 or more digits of its IMEI, and not by fewer or by digits inside it', async () => {
    const mine = await createDevice(t.db, { imei: '490154203297518' });
    const other = await createDevice(t.db, { imei: '490154203297519' });
    const ids = async (q: string) =>
      ((await agent.get(`${endpoints.list.path}?q=${q}&perPage=100`)).json() as { rows: { id: number }[] }).rows.map(
        (r) => r.id,
      );
    for (const q of ['7518', '297518', '03297518', '90154203297518']) {
      expect(await ids(q), q).toContain(mine.id);
      expect(await ids(q), q).not.toContain(other.id);
    }
    expect(await ids('518')).not.toContain(mine.id);
    expect(await ids('4203')).not.toContain(mine.id);
    // A 9 is the last digit: the range after it must still end ('9' + 1 is ':').
    expect(await ids('7519')).toEqual([other.id]);
  });

  it('looks the last digits of an IMEI up in their index, never by reading every device', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain (format json) select id from ${devices} where ${imeiEndingIn('7518')}`);
    });
    const text = JSON.stringify(plan);
    expect(text).toContain('devices_imei_suffix_idx');
    expect(text).not.toContain('Seq Scan');
  });

  it('lists newest first with pagination and refuses an unknown status filter', async () => {
    const made = [];
    for (let i = 0; i < 26; i++) made.push(await createDevice(t.db));
    const res = await agent.get(`${endpoints.list.path}?perPage=25&page=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, perPage: 25, nextCursor: expect.any(String) });
    expect(res.json().rows).toHaveLength(25);
    expect(res.json().rows[0].id).toBe(Math.max(...made.map((d) => d.id)));
    const bad = await agent.get(`${endpoints.list.path}?status=99`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual(['The selected status is invalid.']);
  });

  it("lists a device on loan with the loan's customer, and a returned loan with none", async () => {
    const onLoan = await createDevice(t.db);
    const returned = await createDevice(t.db);
    const borrower = await createCustomer(t.db, { name: 'Loan Borrower' });
    await createLoaner(t.db, { deviceId: onLoan.id, customerId: borrower.id });
    await createLoaner(t.db, { deviceId: returned.id, customerId: borrower.id, returnedAt: new Date() });
    const rows = (await agent.get(`${endpoints.list.path}?perPage=100`)).json<{
      rows: { id: number; customer: { id: number; name: string } | null }[];
    }>().rows;
    expect(rows.find((r) => r.id === onLoan.id)?.customer).toEqual({ id: borrower.id, name: 'Loan Borrower' });
    expect(rows.find((r) => r.id === returned.id)?.customer).toBeNull();
  });

  it('shows the device with its product, subscription, loan, equipment and status description', async () => {
    const { device, product } = await builtDevice('0.50');
    const customer = await createCustomer(t.db, { name: 'Jordan Detail' });
    await createSubscription(t.db, { deviceId: device.id, customerId: customer.id });
    await createLoaner(t.db, { deviceId: device.id, customerId: customer.id });
    const res = await agent.get(at(endpoints.detail, device.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: device.id,
      imei: device.imei,
      sim: device.sim,
      status: { id: 1, description: 'Deployed' },
      product: { id: product.id, model: product.model, price: '0.5000' },
      subscription: { status: 'active', customer: { id: customer.id, name: 'Jordan Detail' } },
      loaner: { customer: { name: 'Jordan Detail' } },
      lineDeletedAt: null,
      equipment: [],
    });
    const missing = await agent.get(at(endpoints.detail, 999_999));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Device 999999 was not found.');
  });
});

describe('convert to SIM Only with blacklist hold', () => {
  it('makes the device a SIM Only on blacklist hold with its line deleted and its phone on blacklist hold', async () => {
    const { device, product } = await builtDevice();
    const res = await agent.delete(at(endpoints.blacklistHold, device.id));
    expect(res.statusCode).toBe(200);
    const after = await deviceRow(device.id);
    expect(after).toMatchObject({ imei: null, productId: null, blacklistHold: true, deviceStatusId: 6 });
    expect(after!.lineDeletedAt).not.toBeNull();
    expect(await equipmentFrom(device.id)).toMatchObject([
      { imei: device.imei, productId: product.id, state: 'blacklist_hold' },
    ]);
    expect((await audits('device', device.id)).map((a) => a.action)).toEqual(['device.blacklist_hold']);
  });

  it('refuses a SIM Only device and a deleted line, and changes nothing', async () => {
    const simOnly = await createDevice(t.db, { simOnly: true });
    const res = await agent.delete(at(endpoints.blacklistHold, simOnly.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      `Device ${simOnly.id} is already a SIM Only: it has no equipment to put on blacklist hold.`,
    ]);
    const { device } = await builtDevice('199.00', { lineDeletedAt: new Date() });
    const deleted = await agent.delete(at(endpoints.blacklistHold, device.id));
    expect(deleted.json().errors).toEqual([`The line of device ${device.id} has already been deleted.`]);
    expect(await deviceRow(device.id)).toEqual(device);
    expect(await equipmentFrom(device.id)).toEqual([]);
    expect(await audits('device', device.id)).toEqual([]);
  });
});

describe('unassign equipment', () => {
  it('makes the device an available SIM Only and moves model and IMEI to unbuilt equipment', async () => {
    const { device, product } = await builtDevice('199.00', { unavailable: true, deviceStatusId: 5 });
    const customer = await createCustomer(t.db);
    await createSubscription(t.db, { deviceId: device.id, customerId: customer.id });
    const res = await agent.post(at(endpoints.unassignEquipment, device.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      `Device ${device.id} is now an available SIM Only; IMEI ${device.imei} moved to unbuilt equipment.`,
    );
    expect(await deviceRow(device.id)).toMatchObject({
      imei: null,
      productId: null,
      deviceStatusId: 4,
      unavailable: false,
      lineDeletedAt: null,
    });
    const [taken] = await equipmentFrom(device.id);
    expect(taken).toMatchObject({
      imei: device.imei,
      productId: product.id,
      state: 'unbuilt',
      customerId: customer.id,
    });
    expect((await audits('equipment', taken!.id)).map((a) => a.action)).toEqual(['equipment.created']);
    const [entry] = await audits('device', device.id);
    expect(entry).toMatchObject({
      action: 'device.unassign_equipment',
      userId: agent.user.id,
      before: { imei: device.imei },
      after: { imei: null },
    });
  });

  it('refuses a device that is already SIM Only and changes nothing', async () => {
    const device = await createDevice(t.db, { simOnly: true });
    const res = await agent.post(at(endpoints.unassignEquipment, device.id));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: `Device ${device.id} is already a SIM Only: it has no equipment to unassign.`,
      errors: [`Device ${device.id} is already a SIM Only: it has no equipment to unassign.`],
    });
    expect(await deviceRow(device.id)).toEqual(device);
    expect(await audits('device', device.id)).toEqual([]);
  });

  it('answers 404 with an errors list for a device that does not exist', async () => {
    const res = await agent.post(at(endpoints.unassignEquipment, 987_654));
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual(['Device 987654 no longer exists.']);
  });

  it('refuses without the CSRF token (419) and changes nothing', async () => {
    const { device } = await builtDevice();
    const guest = await t.signIn();
    guest.csrfToken = '';
    const res = await guest.post(at(endpoints.unassignEquipment, device.id));
    expect(res.statusCode).toBe(419);
    expect(await deviceRow(device.id)).toEqual(device);
  });
});

describe('remove equipment', () => {
  it('makes the device an available SIM Only and takes the model out of inventory without keeping it', async () => {
    const { device, product } = await builtDevice();
    const res = await agent.delete(at(endpoints.removeEquipment, device.id));
    expect(res.statusCode).toBe(200);
    expect(await deviceRow(device.id)).toMatchObject({
      imei: null,
      productId: null,
      deviceStatusId: 4,
      unavailable: false,
    });
    expect(await equipmentFrom(device.id)).toEqual([]);
    const [entry] = await audits('device', device.id);
    expect(entry).toMatchObject({
      action: 'device.remove_equipment',
      after: { removedFromInventory: { model: product.model, imei: device.imei } },
    });
  });

  it('refuses a SIM Only device and changes nothing', async () => {
    const device = await createDevice(t.db, { simOnly: true });
    const res = await agent.delete(at(endpoints.removeEquipment, device.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([`Device ${device.id} is already a SIM Only: it has no equipment to remove.`]);
    expect(await deviceRow(device.id)).toEqual(device);
  });
});

describe('separate equipment', () => {
  it('moves the phone to returning equipment and deletes the device at once', async () => {
    const { device, product } = await builtDevice();
    const customer = await createCustomer(t.db);
    const subscription = await createSubscription(t.db, {
      deviceId: device.id,
      customerId: customer.id,
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    const res = await agent.post(at(endpoints.separateEquipment, device.id));
    expect(res.statusCode).toBe(200);
    expect(await deviceRow(device.id)).toBeUndefined();
    expect(await equipmentFrom(device.id)).toMatchObject([
      { imei: device.imei, productId: product.id, state: 'returning' },
    ]);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(sub!.deviceId).toBeNull();
    expect((await audits('device', device.id)).map((a) => a.action)).toEqual(['device.separate_equipment']);
  });

  it('refuses a device on an active subscription or on loan, and a SIM Only device', async () => {
    const { device } = await builtDevice();
    await createSubscription(t.db, { deviceId: device.id });
    const res = await agent.post(at(endpoints.separateEquipment, device.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      `Device ${device.id} is assigned to an active subscription. Move the line to another device first.`,
    ]);

    const { device: loaned } = await builtDevice();
    await createLoaner(t.db, {
      deviceId: loaned.id,
      customerId: (await createCustomer(t.db, { name: 'Casey Loan' })).id,
    });
    const onLoan = await agent.post(at(endpoints.separateEquipment, loaned.id));
    expect(onLoan.json().errors).toEqual([`Device ${loaned.id} is on loan to Casey Loan. End the loan first.`]);

    const simOnly = await createDevice(t.db, { simOnly: true });
    expect((await agent.post(at(endpoints.separateEquipment, simOnly.id))).json().errors).toEqual([
      `Device ${simOnly.id} is already a SIM Only: it has no equipment to separate.`,
    ]);
    for (const d of [device, loaned, simOnly]) {
      expect(await deviceRow(d.id)).toEqual(d);
      expect(await equipmentFrom(d.id)).toEqual([]);
    }
  });
});

describe('delete line', () => {
  it.each(['0.00', '0.009'])('only deletes the line when the price is %s (under 0.01)', async (price) => {
    const { device } = await builtDevice(price);
    const res = await agent.delete(at(endpoints.deleteLine, device.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`The line of device ${device.id} was deleted.`);
    const after = await deviceRow(device.id);
    expect(after).toMatchObject({ imei: device.imei, productId: device.productId });
    expect(after!.lineDeletedAt).not.toBeNull();
    expect(await equipmentFrom(device.id)).toEqual([]);
    expect((await audits('device', device.id)).map((a) => a.action)).toEqual(['device.delete_line']);
  });

  it.each(['0.01', '0.02'])(
    'deletes the line, converts to SIM Only and marks the equipment unbuilt when the price is %s',
    async (price) => {
      const { device, product } = await builtDevice(price);
      const res = await agent.delete(at(endpoints.deleteLine, device.id));
      expect(res.statusCode).toBe(200);
      const after = await deviceRow(device.id);
      expect(after).toMatchObject({ imei: null, productId: null });
      expect(after!.lineDeletedAt).not.toBeNull();
      expect(await equipmentFrom(device.id)).toMatchObject([
        { imei: device.imei, productId: product.id, state: 'unbuilt' },
      ]);
    },
  );

  it('deletes the line of a SIM Only device', async () => {
    const device = await createDevice(t.db, { simOnly: true });
    expect((await agent.delete(at(endpoints.deleteLine, device.id))).statusCode).toBe(200);
    expect((await deviceRow(device.id))!.lineDeletedAt).not.toBeNull();
  });

  it('refuses a line that is already deleted and changes nothing', async () => {
    const { device } = await builtDevice('199.00', { lineDeletedAt: new Date('2026-01-02T03:04:05Z') });
    const res = await agent.delete(at(endpoints.deleteLine, device.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([`The line of device ${device.id} has already been deleted.`]);
    expect(await deviceRow(device.id)).toEqual(device);
  });
});

describe('delete device', () => {
  it.each([
    ['0.00', false],
    ['0.009', false],
    ['0.01', true],
    ['0.02', true],
  ])('deletes the device priced %s (removed from inventory: %s)', async (price, removed) => {
    const { device } = await builtDevice(price);
    const res = await agent.delete(at(endpoints.deleteDevice, device.id));
    expect(res.statusCode).toBe(200);
    expect(await deviceRow(device.id)).toBeUndefined();
    expect(await equipmentFrom(device.id)).toEqual([]);
    const [entry] = await audits('device', device.id);
    expect(entry).toMatchObject({
      action: 'device.delete',
      before: { id: device.id },
      after: { deleted: true, removedFromInventory: removed },
    });
  });

  it('refuses a device on an active subscription and changes nothing', async () => {
    const { device } = await builtDevice();
    await createSubscription(t.db, { deviceId: device.id });
    const res = await agent.delete(at(endpoints.deleteDevice, device.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      `Device ${device.id} is assigned to an active subscription. Move the line to another device first.`,
    ]);
    expect(await deviceRow(device.id)).toEqual(device);
  });
});

describe('two staff doing the same device action at once', () => {
  it.each(Object.keys(actions))('%s: exactly one succeeds and the other is refused with a message', async (name) => {
    const { device } = await builtDevice('199.00');
    const results = await Promise.all([actions[name]!(agent)(device.id), actions[name]!(other)(device.id)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect(codes[1]).toBeGreaterThanOrEqual(404);
    const refused = results.find((r) => r.statusCode !== 200)!.json() as { errors: string[] };
    expect(refused.errors[0]).toMatch(
      /^(Device \d+ no longer exists\.|Device \d+ is already a SIM Only|The line of device \d+ has already been deleted\.)/,
    );
    expect((await audits('device', device.id)).filter((a) => a.action.startsWith('device.'))).toHaveLength(1);
    expect((await equipmentFrom(device.id)).length).toBeLessThanOrEqual(1);
  });
});

describe('SIM lookup', () => {
  it('answers the device with every warning that applies', async () => {
    const customer = await createCustomer(t.db, { name: 'Morgan Loan' });
    const { device, product } = await builtDevice('199.00', { deviceStatusId: 5 });
    await createSubscription(t.db, { deviceId: device.id });
    await createLoaner(t.db, { deviceId: device.id, customerId: customer.id });
    const res = await agent.get(simPath(device.sim));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: device.id,
      imei: device.imei,
      status: { id: 5, description: 'Unavailable' },
      mofi_id: product.id,
      loaner: { customer: { name: 'Morgan Loan' } },
      warnings: [
        `Device ${device.id} has an existing IMEI. Please correct.`,
        `Device ${device.id} is listed as Unavailable.`,
        `Device ${device.id} is assigned to an active subscription.`,
        `Device ${device.id} is on loan to Morgan Loan.`,
      ],
    });
  });

  it('answers an available SIM Only device without warnings, and a 404 message for an unknown SIM', async () => {
    const device = await createDevice(t.db, { simOnly: true, deviceStatusId: 4 });
    expect((await agent.get(simPath(device.sim))).json()).toMatchObject({
      id: device.id,
      imei: null,
      subscription: null,
      loaner: null,
      warnings: [],
    });
    const missing = await agent.get(simPath('0000'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No device was found with SIM 0000.');
  });

  it('warns of a device whose line was deleted, which a move then refuses', async () => {
    const device = await createDevice(t.db, { simOnly: true, deviceStatusId: 4, lineDeletedAt: new Date() });
    expect((await agent.get(simPath(device.sim))).json()).toMatchObject({
      lineDeleted: true,
      warnings: [`The line of device ${device.id} has already been deleted.`],
    });
  });
});

describe('move equipment / device replacement', () => {
  async function arrange() {
    const supplier = await createSupplier(t.db);
    const { device, product } = await builtDevice('199.00', { supplierId: supplier.id, deviceStatusId: 1 });
    const customer = await createCustomer(t.db);
    const subscription = await createSubscription(t.db, { deviceId: device.id, customerId: customer.id });
    const target = await createDevice(t.db, { simOnly: true, deviceStatusId: 4, deployedAt: null });
    return { supplier, device, product, customer, subscription, target };
  }

  it('moves the phone and the line to the new device, converts the old one to SIM Only and records a swap', async () => {
    const { supplier, device, customer, subscription, target } = await arrange();
    const loan = await createLoaner(t.db, { deviceId: device.id });
    const newProduct = await createProduct(t.db);
    const res = await agent.post(at(endpoints.replace, device.id), {
      sim: target.sim,
      new_device_id: target.id,
      unavailable: false,
      device_status_id: 3,
      product_id: newProduct.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ newDeviceId: target.id });
    expect(await deviceRow(device.id)).toMatchObject({
      imei: null,
      productId: null,
      deviceStatusId: 3,
      unavailable: false,
    });
    expect(await deviceRow(target.id)).toMatchObject({
      imei: device.imei,
      productId: newProduct.id,
      deviceStatusId: 1,
      unavailable: false,
    });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(sub!.deviceId).toBe(target.id);
    const [movedLoan] = await t.db.select().from(loaners).where(eq(loaners.id, loan.id));
    expect(movedLoan!.deviceId).toBe(target.id);
    expect(await t.db.select().from(deviceSwaps).where(eq(deviceSwaps.deviceId, device.id))).toMatchObject([
      { newDeviceId: target.id, supplierId: supplier.id, customerId: customer.id },
    ]);
    expect((await audits('device', device.id)).map((a) => a.action)).toEqual(['device.equipment_moved_out']);
    expect((await audits('device', target.id)).map((a) => a.action)).toEqual(['device.equipment_moved_in']);
  });

  it('marks the old device unavailable with status 4 by default', async () => {
    const { device, product, target } = await arrange();
    const res = await agent.post(at(endpoints.replace, device.id), {
      sim: target.sim,
      new_device_id: target.id,
      product_id: product.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await deviceRow(device.id)).toMatchObject({ deviceStatusId: 4, unavailable: true, imei: null });
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const { device, product, target } = await arrange();
    const post = (body: Record<string, unknown>) => agent.post(at(endpoints.replace, device.id), body);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { product_id: product.id },
        { sim: ['The sim field is required.'], new_device_id: ['Look up the new device by its SIM first.'] },
      ],
      [
        { sim: target.sim, new_device_id: target.id, product_id: product.id, device_status_id: 42 },
        { device_status_id: ['The selected device status id is invalid.'] },
      ],
      [
        { sim: target.sim, new_device_id: target.id, product_id: 999_999 },
        { product_id: ['The selected product id is invalid.'] },
      ],
      [
        { sim: 'other-sim', new_device_id: target.id, product_id: product.id },
        { sim: ['SIM other-sim does not match the device that was looked up. Look it up again.'] },
      ],
      [
        { sim: device.sim, new_device_id: device.id, product_id: product.id },
        { sim: [`SIM ${device.sim} belongs to device ${device.id} itself. Look up the SIM of another device.`] },
      ],
      [
        { sim: target.sim, new_device_id: target.id, product_id: product.id, extra: 1 },
        { extra: ['The extra field is not allowed.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await post(body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await deviceRow(device.id)).toEqual(device);
    expect(await deviceRow(target.id)).toEqual(target);
    expect(await t.db.select().from(deviceSwaps).where(eq(deviceSwaps.deviceId, device.id))).toEqual([]);
  });

  it('refuses a new device that has an IMEI and a current device that is SIM Only', async () => {
    const { device, product } = await arrange();
    const { device: withImei } = await builtDevice();
    const res = await agent.post(at(endpoints.replace, device.id), {
      sim: withImei.sim,
      new_device_id: withImei.id,
      product_id: product.id,
    });
    expect(res.json().errors).toEqual({ sim: [`Device ${withImei.id} has an existing IMEI. Please correct.`] });
    const simOnly = await createDevice(t.db, { simOnly: true });
    const target = await createDevice(t.db, { simOnly: true });
    const refused = await agent.post(at(endpoints.replace, simOnly.id), {
      sim: target.sim,
      new_device_id: target.id,
      product_id: product.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([`Device ${simOnly.id} is already a SIM Only: it has no equipment to move.`]);
    expect(await deviceRow(device.id)).toEqual(device);
    expect(await deviceRow(target.id)).toEqual(target);
  });

  it('lets exactly one of two replacements onto the same new device succeed', async () => {
    const a = await arrange();
    const b = await builtDevice();
    const results = await Promise.all([
      agent.post(at(endpoints.replace, a.device.id), {
        sim: a.target.sim,
        new_device_id: a.target.id,
        product_id: a.product.id,
      }),
      other.post(at(endpoints.replace, b.device.id), {
        sim: a.target.sim,
        new_device_id: a.target.id,
        product_id: b.product.id,
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors).toEqual({
      sim: [`Device ${a.target.id} has an existing IMEI. Please correct.`],
    });
    expect(await t.db.select().from(deviceSwaps).where(eq(deviceSwaps.newDeviceId, a.target.id))).toHaveLength(1);
  });
});

describe('hostile input', () => {
  /** Ids a lenient parser would read as 2^31, 16 or 1000. */
  const badIds = ['2147483648', '0x10', '1e3'];
  const ID_MESSAGE = 'Enter a whole number from 1 to 2147483647.';
  const snapshot = async () => ({
    devices: await t.db.select().from(devices).orderBy(devices.id),
    equipment: await t.db.select().from(equipment).orderBy(equipment.id),
    audits: (await t.db.select().from(auditLog)).length,
  });

  it('answers 422 on the id, and changes nothing, for an id that is not plain digits of an int4 in any device path', async () => {
    await builtDevice();
    const before = await snapshot();
    const calls: ((id: string) => Promise<{ statusCode: number; json: () => { errors: unknown } }>)[] = [
      (id) => agent.get(at(endpoints.detail, id)),
      (id) => agent.delete(at(endpoints.blacklistHold, id)),
      (id) => agent.delete(at(endpoints.deleteLine, id)),
      (id) => agent.delete(at(endpoints.deleteDevice, id)),
      (id) => agent.delete(at(endpoints.removeEquipment, id)),
      (id) => agent.post(at(endpoints.unassignEquipment, id)),
      (id) => agent.post(at(endpoints.separateEquipment, id)),
      (id) => agent.post(at(endpoints.replace, id), { sim: '8901', new_device_id: 1, product_id: 1 }),
    ];
    for (const call of calls) {
      for (const id of badIds) {
        const res = await call(id);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ id: [ID_MESSAGE] });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 422 on the filter for a status or product id that is not plain digits of an int4', async () => {
    for (const id of badIds) {
      const status = await agent.get(`${endpoints.list.path}?status=${id}`);
      expect(status.statusCode).toBe(422);
      expect(status.json().errors).toEqual({ status: ['The selected status is invalid.'] });
      const product = await agent.get(`${endpoints.list.path}?productId=${id}`);
      expect(product.statusCode).toBe(422);
      expect(product.json().errors).toEqual({ productId: ['The selected product is invalid.'] });
    }
  });

  it('answers 422 on the field for a NUL byte in the device search or the SIM lookup', async () => {
    const search = await agent.get(`${endpoints.list.path}?q=89%0001`);
    expect(search.statusCode).toBe(422);
    expect(search.json().errors).toEqual({ q: ['The search may not contain a NUL character.'] });
    const lookup = await agent.get(simPath('8901\u0000'));
    expect(lookup.statusCode).toBe(422);
    expect(lookup.json().errors).toEqual({ sim: ['The sim may not contain a NUL character.'] });
    const long = await agent.get(simPath('8'.repeat(41)));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ sim: ['The sim may not be longer than 40 characters.'] });
  });

  it('refuses a replacement whose SIM holds a NUL or a lone surrogate, or whose ids are not plain int4, and changes nothing', async () => {
    const { device, product } = await builtDevice();
    const target = await createDevice(t.db, { simOnly: true, deviceStatusId: 4 });
    const before = await snapshot();
    const valid = { sim: target.sim, new_device_id: target.id, product_id: product.id };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...valid, sim: `${target.sim}\u0000` }, { sim: ['The sim may not contain a NUL character.'] }],
      [{ ...valid, sim: `${target.sim}\ud800` }, { sim: ['The sim contains an invalid character.'] }],
      [{ ...valid, sim: '8'.repeat(41) }, { sim: ['The sim may not be longer than 40 characters.'] }],
      [{ ...valid, device_status_id: '0x1' }, { device_status_id: ['The selected device status id is invalid.'] }],
      [
        { ...valid, device_status_id: 2_147_483_648 },
        { device_status_id: ['The selected device status id is invalid.'] },
      ],
      ...[2_147_483_648, '2147483648', '0x10', '1e3'].flatMap(
        (bad): [Record<string, unknown>, Record<string, string[]>][] => [
          [{ ...valid, new_device_id: bad }, { new_device_id: ['Look up the new device by its SIM first.'] }],
          [{ ...valid, product_id: bad }, { product_id: ['The selected product id is invalid.'] }],
        ],
      ),
    ];
    for (const [body, errors] of cases) {
      const res = await agent.post(at(endpoints.replace, device.id), body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await snapshot()).toEqual(before);
  });
});
