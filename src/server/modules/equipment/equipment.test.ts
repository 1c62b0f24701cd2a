import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { auditLog, equipment } from '../../db/schema';
import { createCustomer, createDevice, createEquipment, createProduct } from '../../test/factories';
import { equipmentEndpoints as endpoints } from '../../../contract/equipment';
import { pathOf, type Endpoint } from '../../../contract/endpoint';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
let other: Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn();
  other = await t.signIn();
});
afterAll(() => t.close());

/** The path of a call on one piece of equipment (an id as text is sent as it is). */
const at = (e: Endpoint, id: number | string) => pathOf(e, { id });

const row = async (id: number) => (await t.db.select().from(equipment).where(eq(equipment.id, id)))[0];
const audits = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'equipment'), eq(auditLog.entityId, id)));

describe('equipment lists', () => {
  it('lists one state at a time, newest first, with whole-IMEI search and pagination', async () => {
    const product = await createProduct(t.db, { model: 'Listed Phone' });
    const customer = await createCustomer(t.db, { name: 'Avery List' });
    const device = await createDevice(t.db);
    const onHold = await createEquipment(t.db, {
      state: 'hold',
      productId: product.id,
      imei: '111222333444555',
      customerId: customer.id,
      fromDeviceId: device.id,
    });
    const returning = await createEquipment(t.db, {
      state: 'returning',
      imei: '999888777666555',
      fromDeviceId: 123_456,
    });
    const hold = await agent.get(`${endpoints.list.path}?state=hold&q=111222333444555`);
    expect(hold.statusCode).toBe(200);
    expect(hold.json()).toMatchObject({
      total: 1,
      rows: [
        {
          id: onHold.id,
          imei: '111222333444555',
          state: 'hold',
          product: { model: 'Listed Phone' },
          customer: { name: 'Avery List' },
          fromDeviceId: device.id,
          fromDeviceExists: true,
        },
      ],
    });
    expect((await agent.get(`${endpoints.list.path}?state=returning&q=999888777666555`)).json()).toMatchObject({
      rows: [{ id: returning.id, fromDeviceId: 123_456, fromDeviceExists: false }],
    });
    expect((await agent.get(`${endpoints.list.path}?state=hold&q=999888777666555`)).json().total).toBe(0);
    expect((await agent.get(`${endpoints.list.path}?state=hold&q=2223334`)).json().total).toBe(0);
    for (let i = 0; i < 26; i++) await createEquipment(t.db, { state: 'hold' });
    const paged = await agent.get(`${endpoints.list.path}?state=hold&perPage=25&page=1`);
    expect(paged.json().rows).toHaveLength(25);
    expect(paged.json().nextCursor).toEqual(expect.any(String));
    const bad = await agent.get(`${endpoints.list.path}?state=lost`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['state']);
  });

  it('shows one piece of equipment, and 404 for an unknown id', async () => {
    const item = await createEquipment(t.db, { state: 'unbuilt' });
    expect((await agent.get(at(endpoints.detail, item.id))).json()).toMatchObject({
      id: item.id,
      imei: item.imei,
      state: 'unbuilt',
    });
    const missing = await agent.get(at(endpoints.detail, 999_999));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Equipment 999999 was not found.');
  });
});

describe('mark as received', () => {
  it('moves equipment from hold to unbuilt with an audit entry', async () => {
    const item = await createEquipment(t.db, { state: 'hold' });
    const res = await agent.post(at(endpoints.received, item.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`IMEI ${item.imei} moved to unbuilt equipment.`);
    expect(await row(item.id)).toMatchObject({ state: 'unbuilt' });
    expect(await audits(item.id)).toMatchObject([
      { action: 'equipment.received', userId: agent.user.id, before: { state: 'hold' }, after: { state: 'unbuilt' } },
    ]);
  });

  it.each(['unbuilt', 'returning', 'blacklist_hold', 'inventory'] as const)(
    'refuses equipment in %s and changes nothing',
    async (state) => {
      const item = await createEquipment(t.db, { state });
      const res = await agent.post(at(endpoints.received, item.id));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatch(new RegExp(`^IMEI ${item.imei} is not on equipment hold: it is listed as `));
      expect(await row(item.id)).toEqual(item);
      expect(await audits(item.id)).toEqual([]);
    },
  );

  it('answers 404 with an errors list for unknown equipment', async () => {
    const res = await agent.post(at(endpoints.received, 999_998));
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual(['Equipment 999998 no longer exists.']);
  });

  it('lets exactly one of two simultaneous requests succeed', async () => {
    const item = await createEquipment(t.db, { state: 'hold' });
    const results = await Promise.all([
      agent.post(at(endpoints.received, item.id)),
      other.post(at(endpoints.received, item.id)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors).toEqual([
      `IMEI ${item.imei} is not on equipment hold: it is listed as Unbuilt.`,
    ]);
    expect(await audits(item.id)).toHaveLength(1);
  });
});

describe('delete equipment', () => {
  it('removes the equipment permanently with an audit entry', async () => {
    const item = await createEquipment(t.db, { state: 'inventory' });
    const res = await agent.delete(at(endpoints.remove, item.id));
    expect(res.statusCode).toBe(200);
    expect(await row(item.id)).toBeUndefined();
    expect(await audits(item.id)).toMatchObject([{ action: 'equipment.delete', before: { imei: item.imei } }]);
  });

  it('lets exactly one of two simultaneous deletes succeed; the other learns it is gone', async () => {
    const item = await createEquipment(t.db, { state: 'returning' });
    const results = await Promise.all([
      agent.delete(at(endpoints.remove, item.id)),
      other.delete(at(endpoints.remove, item.id)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(results.find((r) => r.statusCode === 404)!.json().errors).toEqual([
      `Equipment ${item.id} no longer exists.`,
    ]);
    expect(await audits(item.id)).toHaveLength(1);
  });
});

describe('hostile input', () => {
  const snapshot = async () => ({
    equipment: await t.db.select().from(equipment).orderBy(equipment.id),
    audits: (await t.db.select().from(auditLog)).length,
  });

  it('answers 422 on the id, and changes nothing, for an id that is not plain digits of an int4 in any equipment path', async () => {
    await createEquipment(t.db, { state: 'hold' });
    const before = await snapshot();
    const calls = [
      (id: string) => agent.get(at(endpoints.detail, id)),
      (id: string) => agent.post(at(endpoints.received, id)),
      (id: string) => agent.delete(at(endpoints.remove, id)),
    ];
    for (const call of calls) {
      for (const id of ['2147483648', '0x10', '1e3']) {
        const res = await call(id);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ id: ['Enter a whole number from 1 to 2147483647.'] });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 422 on the search for a NUL byte or a search longer than any IMEI', async () => {
    const nul = await agent.get(`${endpoints.list.path}?state=hold&q=3566%00`);
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ q: ['The search may not contain a NUL character.'] });
    const long = await agent.get(`${endpoints.list.path}?q=${'3'.repeat(41)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ q: ['The search may not be longer than 40 characters.'] });
  });
});
