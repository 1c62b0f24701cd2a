import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { auditLog, parcels, predefinedContainers } from '../../db/schema';
import { createCustomer, createDevice, createEquipment, createLoaner, createSubscription } from '../../test/factories';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn();
});
afterAll(() => t.close());

const parcelCount = async () => (await t.db.select({ id: parcels.id }).from(parcels)).length;
const dims = { length: 12.5, width: 9, height: 4.1, weight: 22.4 };
let seq = 0;

describe('entering a parcel', () => {
  it('enters a parcel sent again with the same Idempotency-Key once, answering the first answer again', async () => {
    const customer = await createCustomer(t.db, { name: 'Parcel Retry' });
    const body = { customer_id: customer.id, direction: 'to_customer', device_id: null, ...dims };
    const key = { 'idempotency-key': '6f1c2a64-0d5e-4a8e-9a57-parcel-retry' };
    const before = await parcelCount();
    const first = await agent.post('/admin/api/parcels', body, key);
    const again = await agent.post('/admin/api/parcels', body, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(await parcelCount()).toBe(before + 1);
  });

  it('stores the parcel with its dimensions, shipment and author, and lists it first', async () => {
    const customer = await createCustomer(t.db, { name: 'Parcel Receiver' });
    const sub = await createSubscription(t.db, { customerId: customer.id });
    const res = await agent.post('/admin/api/parcels', {
      customer_id: customer.id,
      direction: 'to_customer',
      device_id: sub.deviceId,
      ...dims,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      customer: { id: customer.id, name: 'Parcel Receiver' },
      direction: 'to_customer',
      item: `Device #${sub.deviceId}`,
      ...dims,
    });
    const [row] = await t.db.select().from(parcels).where(eq(parcels.id, res.json().id));
    expect(row).toMatchObject({
      length: '12.5',
      width: '9.0',
      height: '4.1',
      weight: '22.4',
      createdById: agent.user.id,
    });
    const list = await agent.get(`/admin/api/parcels?customerId=${customer.id}`);
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id: res.json().id, length: 12.5, weight: 22.4 }] });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'parcel'), eq(auditLog.entityId, res.json().id)));
    expect(audit).toHaveLength(1);
  });

  it('accepts the dimensions as text, as a classic form sends them', async () => {
    const customer = await createCustomer(t.db);
    const res = await agent.post('/admin/api/parcels', {
      customer_id: String(customer.id),
      direction: 'from_customer',
      length: '10.0',
      width: '8',
      height: '0.1',
      weight: '16.3',
      device_id: '',
      equipment_id: '',
      container_id: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ length: 10, width: 8, height: 0.1, weight: 16.3, item: null });
  });

  it.each([
    ['missing', undefined, 'The length field is required.'],
    ['empty', '', 'The length field is required.'],
    ['non-numeric', 'ten', 'The length must be a number.'],
    ['zero', 0, 'The length must be greater than 0.'],
    ['negative', -2.5, 'The length must be greater than 0.'],
    ['finer than 0.1', 1.25, 'The length must be a multiple of 0.1.'],
    ['too large', 10000, 'The length may not be greater than 9999.9.'],
  ])('refuses a %s length and stores nothing', async (_label, length, message) => {
    const customer = await createCustomer(t.db);
    const before = await parcelCount();
    const res = await agent.post('/admin/api/parcels', {
      customer_id: customer.id,
      direction: 'to_customer',
      ...dims,
      length,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ length: [message] });
    expect(await parcelCount()).toBe(before);
  });

  it('names every missing field at once', async () => {
    const res = await agent.post('/admin/api/parcels', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      customer_id: ['The customer field is required.'],
      direction: ['The direction field is required.'],
      length: ['The length field is required.'],
      width: ['The width field is required.'],
      height: ['The height field is required.'],
      weight: ['The weight field is required.'],
    });
  });

  it.each([
    ['width', -1, 'The width must be greater than 0.'],
    ['height', 'abc', 'The height must be a number.'],
    ['weight', 0, 'The weight must be greater than 0.'],
    ['weight', null, 'The weight field is required.'],
  ])('refuses a bad %s (%s)', async (field, value, message) => {
    const customer = await createCustomer(t.db);
    const res = await agent.post('/admin/api/parcels', {
      customer_id: customer.id,
      direction: 'to_customer',
      ...dims,
      [field]: value,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ [field]: [message] });
  });

  it('refuses a customer, device, equipment or container that does not fit, and stores nothing', async () => {
    const customer = await createCustomer(t.db);
    const strangersDevice = await createSubscription(t.db);
    const strangersEquipment = await createEquipment(t.db, { customerId: (await createCustomer(t.db)).id });
    const before = await parcelCount();
    const missing = await agent.post('/admin/api/parcels', { customer_id: 999999, direction: 'to_customer', ...dims });
    expect(missing.json().errors).toEqual({ customer_id: ['The selected customer does not exist.'] });
    const device = await agent.post('/admin/api/parcels', {
      customer_id: customer.id,
      direction: 'to_customer',
      device_id: strangersDevice.deviceId,
      container_id: 999999,
      ...dims,
    });
    expect(device.statusCode).toBe(422);
    expect(device.json().errors).toEqual({
      device_id: ['The selected device is not one of this customer’s.'],
      container_id: ['The selected container does not exist.'],
    });
    const equipment = await agent.post('/admin/api/parcels', {
      customer_id: customer.id,
      direction: 'from_customer',
      equipment_id: strangersEquipment.id,
      ...dims,
    });
    expect(equipment.json().errors).toEqual({
      equipment_id: ['The selected equipment is not one of this customer’s.'],
    });
    const both = await agent.post('/admin/api/parcels', {
      customer_id: customer.id,
      direction: 'to_customer',
      device_id: 1,
      equipment_id: 1,
      ...dims,
    });
    expect(both.json().errors).toEqual({ equipment_id: ['Choose a device or a piece of equipment, not both.'] });
    expect(await parcelCount()).toBe(before);
  });

  it('lists the devices, loaners and equipment of a customer to choose from', async () => {
    const customer = await createCustomer(t.db);
    const sub = await createSubscription(t.db, { customerId: customer.id });
    const loaner = await createLoaner(t.db, { customerId: customer.id, deviceId: (await createDevice(t.db)).id });
    const returned = await createLoaner(t.db, { customerId: customer.id, returnedAt: new Date() });
    const kit = await createEquipment(t.db, { customerId: customer.id });
    const res = await agent.get(`/admin/api/parcels/customer-items/${customer.id}`);
    expect(res.statusCode).toBe(200);
    const items = res.json() as { kind: string; id: number; label: string }[];
    expect(items.map((i) => `${i.kind}:${i.id}`).sort()).toEqual(
      [`device:${sub.deviceId}`, `device:${loaner.deviceId}`, `equipment:${kit.id}`].sort(),
    );
    expect(items.find((i) => i.kind === 'equipment')!.label).toContain(`IMEI ${kit.imei}`);
    expect(items.some((i) => i.id === returned.deviceId && i.kind === 'device')).toBe(false);
  });
});

describe('predefined containers', () => {
  it('creates, lists, renames and deletes a container; parcels keep their dimensions', async () => {
    const name = `Small box ${++seq}`;
    const created = await agent.post('/admin/api/parcel-containers', { name, length: '8.5', width: 6, height: 2.5 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name, length: 8.5, width: 6, height: 2.5 });
    const id = created.json().id;
    expect((await agent.get('/admin/api/parcel-containers')).json()).toContainEqual({
      id,
      name,
      length: 8.5,
      width: 6,
      height: 2.5,
    });

    const customer = await createCustomer(t.db);
    const p = await agent.post('/admin/api/parcels', {
      customer_id: customer.id,
      direction: 'to_customer',
      container_id: id,
      ...dims,
    });
    expect(p.json().containerName).toBe(name);

    const renamed = await agent.put(`/admin/api/parcel-containers/${id}`, {
      name: `${name} v2`,
      length: 9,
      width: 6,
      height: 2.5,
    });
    expect(renamed.json()).toMatchObject({ name: `${name} v2`, length: 9 });

    expect((await agent.delete(`/admin/api/parcel-containers/${id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(predefinedContainers).where(eq(predefinedContainers.id, id))).toEqual([]);
    const [kept] = await t.db.select().from(parcels).where(eq(parcels.id, p.json().id));
    expect(kept).toMatchObject({ containerId: null, length: '12.5' });
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'container'), eq(auditLog.entityId, id)));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'container.created',
      'container.deleted',
      'container.updated',
    ]);
  });

  it('refuses a duplicate name, bad dimensions, and an unknown container', async () => {
    await agent.post('/admin/api/parcel-containers', { name: 'Dup Box', length: 1, width: 1, height: 1 });
    const dup = await agent.post('/admin/api/parcel-containers', { name: 'dup box', length: 1, width: 1, height: 1 });
    expect(dup.json().errors).toEqual({ name: ['The name has already been taken.'] });
    const bad = await agent.post('/admin/api/parcel-containers', { name: 'Bad', length: 0, width: 'x', weight: 3 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      length: ['The length must be greater than 0.'],
      width: ['The width must be a number.'],
      height: ['The height field is required.'],
      weight: ['The weight field is not allowed.'],
    });
    expect(
      (await agent.put('/admin/api/parcel-containers/999999', { name: 'X', length: 1, width: 1, height: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await agent.delete('/admin/api/parcel-containers/999999')).json()).toEqual({
      message: 'Container not found.',
    });
  });
});

describe('hostile input', () => {
  const containerCount = async () =>
    (await t.db.select({ id: predefinedContainers.id }).from(predefinedContainers)).length;
  const BAD_IDS = ['2147483648', '0x10', '1e3'];

  it.each([
    ['a NUL byte', 'Box\u0000', 'The name may not contain a NUL character.'],
    ['a lone surrogate', 'Box \ud800', 'The name contains an invalid character.'],
  ])('refuses a container name with %s, on create and on rename, and stores nothing', async (_label, name, message) => {
    const kept = await agent.post('/admin/api/parcel-containers', {
      name: `Kept ${++seq}`,
      length: 1,
      width: 1,
      height: 1,
    });
    const before = await containerCount();
    const created = await agent.post('/admin/api/parcel-containers', { name, length: 1, width: 1, height: 1 });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ name: [message] });
    const renamed = await agent.put(`/admin/api/parcel-containers/${kept.json().id}`, {
      name,
      length: 2,
      width: 2,
      height: 2,
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ name: [message] });
    expect(await containerCount()).toBe(before);
    expect((await agent.get('/admin/api/parcel-containers')).json()).toContainEqual(kept.json());
  });

  it.each(BAD_IDS)(
    'refuses the container id %s in the path, on rename and on delete, and changes nothing',
    async (id) => {
      const before = await t.db.select().from(predefinedContainers);
      const renamed = await agent.put(`/admin/api/parcel-containers/${id}`, {
        name: 'X',
        length: 1,
        width: 1,
        height: 1,
      });
      expect(renamed.statusCode).toBe(422);
      expect(renamed.json().errors.id).toEqual(['Enter a whole number from 1 to 2147483647.']);
      const deleted = await agent.delete(`/admin/api/parcel-containers/${id}`);
      expect(deleted.statusCode).toBe(422);
      expect(deleted.json().errors.id).toEqual(['Enter a whole number from 1 to 2147483647.']);
      expect(await t.db.select().from(predefinedContainers)).toEqual(before);
    },
  );

  it.each(BAD_IDS)('refuses the customer id %s in the items path and in the list filter', async (id) => {
    const items = await agent.get(`/admin/api/parcels/customer-items/${id}`);
    expect(items.statusCode).toBe(422);
    expect(items.json().errors.customerId).toEqual(['Enter a whole number from 1 to 2147483647.']);
    const list = await agent.get(`/admin/api/parcels?customerId=${id}`);
    expect(list.statusCode).toBe(422);
    expect(list.json().errors.customerId).toEqual(['Enter a whole number from 1 to 2147483647.']);
  });

  it('refuses a NUL byte in the direction filter', async () => {
    const res = await agent.get('/admin/api/parcels?direction=to_customer%00');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['direction']);
  });

  it.each([
    ['customer_id', 'The selected customer is invalid.'],
    ['device_id', 'The selected device is invalid.'],
    ['equipment_id', 'The selected equipment is invalid.'],
    ['container_id', 'The selected container is invalid.'],
  ])(
    'refuses a body id (%s) that is not plain digits in range, never reading 1e3 as 1000, and stores nothing',
    async (field, message) => {
      const customer = await createCustomer(t.db);
      const before = await parcelCount();
      for (const id of [...BAD_IDS, 2147483648, 0, -1, 1.5]) {
        const res = await agent.post('/admin/api/parcels', {
          customer_id: customer.id,
          direction: 'to_customer',
          ...dims,
          [field]: id,
        });
        expect(res.statusCode, `${field}=${id}`).toBe(422);
        expect(res.json().errors).toEqual({ [field]: [message] });
      }
      expect(await parcelCount()).toBe(before);
    },
  );

  it.each(['1e3', '0x10', '12\u0000', 'Infinity', 1e21])('refuses the measure %j as not a number', async (length) => {
    const customer = await createCustomer(t.db);
    const before = await parcelCount();
    const res = await agent.post('/admin/api/parcels', {
      customer_id: customer.id,
      direction: 'to_customer',
      ...dims,
      length,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ length: ['The length must be a number.'] });
    expect(await parcelCount()).toBe(before);
  });
});
