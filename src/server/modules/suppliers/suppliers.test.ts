import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { auditLog, suppliers } from '../../db/schema';
import { createSupplier } from '../../test/factories';
import { supplierBody } from '../../test/factories/supplier';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn();
});
afterAll(() => t.close());

const valid = supplierBody;
const stored = async (id: number) => (await t.db.select().from(suppliers).where(eq(suppliers.id, id)))[0];
const supplierCount = async () => (await t.db.select({ id: suppliers.id }).from(suppliers)).length;

describe('creating a supplier', () => {
  it('stores every field, answers prorates as 1/0 and writes an audit entry', async () => {
    const res = await agent.post(
      '/admin/api/suppliers',
      valid({ name: 'Acme Lines', prorates: '1', frequency: 'Monthly' }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Acme Lines',
      prorates: '1',
      frequency: 'Monthly',
      billingCycle: 'Calendar Month',
      supplierReport: true,
    });
    expect(await stored(body.id)).toMatchObject({
      name: 'Acme Lines',
      prorates: true,
      contactEmail: 'pat@vendor.example',
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'supplier'), eq(auditLog.entityId, body.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'supplier.created', userId: agent.user.id });
  });

  it.each([
    [
      'a 30 Day cycle with Per Renewal and no proration',
      { billingCycle: '30 Day', prorates: '0', frequency: 'Per Renewal' },
    ],
    ['a prorating supplier billed Monthly', { billingCycle: 'Quarterly', prorates: '1', frequency: 'Monthly' }],
    [
      'no proration and Per Renewal on a calendar month',
      { billingCycle: 'Calendar Month', prorates: '0', frequency: 'Per Renewal' },
    ],
    ['no proration and Monthly on an annual cycle', { billingCycle: 'Annual', prorates: '0', frequency: 'Monthly' }],
  ])('accepts %s', async (_label, terms) => {
    const res = await agent.post('/admin/api/suppliers', valid(terms));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject(terms);
  });

  it.each([
    [
      'a 30 Day cycle that prorates',
      { billingCycle: '30 Day', prorates: '1', frequency: 'Per Renewal' },
      { prorates: ['A supplier on a 30 Day billing cycle cannot prorate.'] },
    ],
    [
      'a 30 Day cycle billed Monthly',
      { billingCycle: '30 Day', prorates: '0', frequency: 'Monthly' },
      { frequency: ['The frequency of a 30 Day billing cycle is Per Renewal.'] },
    ],
    [
      'a 30 Day cycle that prorates Monthly',
      { billingCycle: '30 Day', prorates: '1', frequency: 'Monthly' },
      {
        prorates: ['A supplier on a 30 Day billing cycle cannot prorate.'],
        frequency: ['The frequency of a 30 Day billing cycle is Per Renewal.'],
      },
    ],
    [
      'a prorating supplier billed Per Renewal',
      { billingCycle: 'Calendar Month', prorates: '1', frequency: 'Per Renewal' },
      { frequency: ['The frequency of a prorating supplier is Monthly.'] },
    ],
  ])('refuses %s with 422 and stores nothing', async (_label, terms, errors) => {
    const before = await supplierCount();
    const res = await agent.post('/admin/api/suppliers', valid(terms));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(await supplierCount()).toBe(before);
  });

  it.each([
    [
      'missing fields',
      {},
      {
        name: ['The name field is required.'],
        prorates: ['The prorates field is required.'],
        frequency: ['The frequency field is required.'],
      },
    ],
    [
      'an unknown billing cycle',
      { billingCycle: 'Weekly' },
      { billingCycle: ['The billing cycle must be one of: 30 Day, Calendar Month, Quarterly, Annual.'] },
    ],
    ['prorates given as a number', { prorates: 1 }, { prorates: ['The prorates must be 1 or 0.'] }],
    [
      'a malformed contact e-mail',
      { contactEmail: 'not-mail' },
      { contactEmail: ['The contact email must be a valid email address.'] },
    ],
    ['a blank name', { name: '   ' }, { name: ['The name field is required.'] }],
    ['an unknown field', { discount: 5 }, { discount: ['The discount field is not allowed.'] }],
  ])('refuses %s with field messages', async (_label, body, errors) => {
    const before = await supplierCount();
    const payload = _label === 'missing fields' ? body : valid(body);
    const res = await agent.post('/admin/api/suppliers', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject(errors);
    expect(await supplierCount()).toBe(before);
  });

  it('refuses a name already taken, whatever its case', async () => {
    await createSupplier(t.db, { name: 'Taken Wireless' });
    const res = await agent.post('/admin/api/suppliers', valid({ name: 'TAKEN wireless' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['The name has already been taken.'] });
  });

  it('lets exactly one of two simultaneous creates with the same name succeed', async () => {
    const body = valid({ name: 'Race Mobile' });
    const [a, b] = await Promise.all([
      agent.post('/admin/api/suppliers', body),
      agent.post('/admin/api/suppliers', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    expect((await t.db.select().from(suppliers).where(eq(suppliers.name, 'Race Mobile'))).length).toBe(1);
  });
});

describe('editing a supplier', () => {
  it('updates the terms and records before and after in the audit', async () => {
    const s = await createSupplier(t.db, { prorates: false, frequency: 'Monthly', billingCycle: 'Calendar Month' });
    const res = await agent.put(
      `/admin/api/suppliers/${s.id}`,
      valid({ name: s.name, billingCycle: '30 Day', prorates: '0', frequency: 'Per Renewal' }),
    );
    expect(res.statusCode).toBe(200);
    expect(await stored(s.id)).toMatchObject({ billingCycle: '30 Day', frequency: 'Per Renewal', prorates: false });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'supplier'), eq(auditLog.entityId, s.id)));
    expect(entry).toMatchObject({
      action: 'supplier.updated',
      before: expect.objectContaining({ billingCycle: 'Calendar Month' }),
      after: expect.objectContaining({ billingCycle: '30 Day' }),
    });
    const history = await agent.get(`/admin/api/audit?entityType=supplier&entityId=${s.id}`);
    expect(history.json()).toHaveLength(1);
  });

  it('refuses a forbidden combination and leaves the supplier unchanged', async () => {
    const s = await createSupplier(t.db, { billingCycle: 'Quarterly' });
    const res = await agent.put(
      `/admin/api/suppliers/${s.id}`,
      valid({ name: s.name, billingCycle: '30 Day', prorates: '1', frequency: 'Monthly' }),
    );
    expect(res.statusCode).toBe(422);
    expect(await stored(s.id)).toMatchObject({ billingCycle: 'Quarterly' });
  });

  it("keeps its own name but refuses another supplier's", async () => {
    const mine = await createSupplier(t.db);
    const other = await createSupplier(t.db);
    expect((await agent.put(`/admin/api/suppliers/${mine.id}`, valid({ name: mine.name }))).statusCode).toBe(200);
    const res = await agent.put(`/admin/api/suppliers/${mine.id}`, valid({ name: other.name }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['The name has already been taken.']);
  });

  it('answers 404 for a supplier that does not exist', async () => {
    expect((await agent.put('/admin/api/suppliers/999999', valid())).json()).toEqual({
      message: 'Supplier not found.',
    });
    expect((await agent.get('/admin/api/suppliers/999999')).statusCode).toBe(404);
    expect((await agent.get('/admin/api/suppliers/abc')).statusCode).toBe(422);
  });
});

describe('the supplier list', () => {
  it('lists newest first with a total and finds by name', async () => {
    const older = await createSupplier(t.db, { name: 'Listable Older', createdAt: new Date('2026-01-01') });
    const newer = await createSupplier(t.db, { name: 'Listable Newer' });
    const res = await agent.get('/admin/api/suppliers?q=listable&perPage=25');
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((r: { id: number }) => r.id)).toEqual([newer.id, older.id]);
    expect(res.json().total).toBe(2);
    expect(res.json().rows[0].prorates).toMatch(/^[01]$/);
  });
});

describe('the supplier names', () => {
  it("answers every supplier's id and name, by name whatever its case", async () => {
    const zed = await createSupplier(t.db, { name: 'zed Names' });
    const able = await createSupplier(t.db, { name: 'Able Names' });
    const res = await agent.get('/admin/api/suppliers/names');
    expect(res.statusCode).toBe(200);
    const names: { id: number; name: string }[] = res.json();
    expect(names.filter((s) => s.name.endsWith(' Names'))).toEqual([
      { id: able.id, name: 'Able Names' },
      { id: zed.id, name: 'zed Names' },
    ]);
    expect(Object.keys(names[0]!)).toEqual(['id', 'name']);
  });
});

describe('hostile input', () => {
  const ID_MESSAGE = 'Enter a whole number from 1 to 2147483647.';

  it.each([
    ['name', 'The name'],
    ['contactName', 'The contact name'],
    ['contactEmail', 'The contact email'],
    ['contactPhone', 'The contact phone'],
  ])(
    'refuses a NUL byte or a lone surrogate in %s, on create and on edit, and changes nothing',
    async (field, label) => {
      const s = await createSupplier(t.db);
      const before = await supplierCount();
      for (const [value, message] of [
        ['Pat\u0000Vendor', `${label} may not contain a NUL character.`],
        ['Pat \ud800', `${label} contains an invalid character.`],
      ]) {
        const created = await agent.post('/admin/api/suppliers', valid({ [field]: value }));
        expect(created.statusCode).toBe(422);
        expect(created.json().errors).toEqual({ [field]: [message] });
        const edited = await agent.put(`/admin/api/suppliers/${s.id}`, valid({ name: s.name, [field]: value }));
        expect(edited.statusCode).toBe(422);
        expect(edited.json().errors).toEqual({ [field]: [message] });
      }
      expect(await supplierCount()).toBe(before);
      expect(await stored(s.id)).toEqual(s);
    },
  );

  it('refuses a NUL byte in the search', async () => {
    const res = await agent.get('/admin/api/suppliers?q=acme%00');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ q: ['The q may not contain a NUL character.'] });
  });

  it.each(['2147483648', '0x10', '1e3', '0'])(
    'refuses the supplier id %s in the path, on reading and on edit, and changes nothing',
    async (id) => {
      const before = await t.db.select().from(suppliers);
      const read = await agent.get(`/admin/api/suppliers/${id}`);
      expect(read.statusCode).toBe(422);
      expect(read.json().errors).toEqual({ id: [ID_MESSAGE] });
      const edited = await agent.put(`/admin/api/suppliers/${id}`, valid());
      expect(edited.statusCode).toBe(422);
      expect(edited.json().errors).toEqual({ id: [ID_MESSAGE] });
      expect(await t.db.select().from(suppliers)).toEqual(before);
    },
  );

  it('trims and NFC-normalises the name before checking that it is unique', async () => {
    const first = await agent.post('/admin/api/suppliers', valid({ name: '  Cafe\u0301 Mobile  ' }));
    expect(first.statusCode).toBe(201);
    expect(first.json().name).toBe('Caf\u00e9 Mobile');
    const again = await agent.post('/admin/api/suppliers', valid({ name: 'CAF\u00c9 MOBILE' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ name: ['The name has already been taken.'] });
  });
});
