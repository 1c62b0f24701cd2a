import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { deviceSwaps } from '../../db/schema';
import { createCustomer, createDevice, createSupplier } from '../../test/factories';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
let acme: { id: number };
let other: { id: number };
let ids: Record<'late' | 'early' | 'orphan' | 'otherSupplier', number>;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn({ role: 'analyst' });
  acme = await createSupplier(t.db, { name: 'Acme Swaps' });
  other = await createSupplier(t.db, { name: 'Other Swaps' });
  const customer = await createCustomer(t.db, { name: 'Swapping Customer' });
  const [oldDevice, newDevice] = [await createDevice(t.db), await createDevice(t.db)];
  const swap = (values: Partial<typeof deviceSwaps.$inferInsert>) =>
    t.db
      .insert(deviceSwaps)
      .values(values)
      .returning({ id: deviceSwaps.id })
      .then(([row]) => row!.id);
  ids = {
    // 05:30 UTC on March 1st is still February 28th in the business time zone (America/Chicago, UTC-6).
    late: await swap({
      deviceId: oldDevice.id,
      newDeviceId: newDevice.id,
      supplierId: acme.id,
      customerId: customer.id,
      swappedAt: new Date('2026-03-01T05:30:00Z'),
    }),
    early: await swap({ supplierId: acme.id, swappedAt: new Date('2026-02-01T12:00:00Z') }),
    orphan: await swap({ swappedAt: new Date('2026-02-15T12:00:00Z') }),
    otherSupplier: await swap({ supplierId: other.id, swappedAt: new Date('2026-03-02T12:00:00Z') }),
  };
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await agent.get(`/admin/api/device-swaps${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: { id: number }[]; total: number }>();
};

describe('the device swaps list', () => {
  it('lists every swap newest first, with its devices, supplier and customer', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.id)).toEqual([ids.otherSupplier, ids.late, ids.orphan, ids.early]);
    expect(page.rows[1]).toMatchObject({
      swappedAt: '2026-03-01T05:30:00.000Z',
      supplier: { id: acme.id, name: 'Acme Swaps' },
      customer: { name: 'Swapping Customer' },
    });
    expect(page.rows[2]).toMatchObject({ deviceId: null, newDeviceId: null, supplier: null, customer: null });
  });

  it('sorts oldest first on request', async () => {
    expect((await list('?sort=swappedAt')).rows.map((r) => r.id)).toEqual([
      ids.early,
      ids.orphan,
      ids.late,
      ids.otherSupplier,
    ]);
  });

  it('filters by supplier, and by business days as the swaps chart counts them', async () => {
    expect((await list(`?supplierId=${acme.id}`)).rows.map((r) => r.id)).toEqual([ids.late, ids.early]);
    // The chart's February point: the late swap falls on February 28th in the business time zone.
    const february = await list(`?supplierId=${acme.id}&from=2026-02-01&to=2026-02-28`);
    expect(february.rows.map((r) => r.id)).toEqual([ids.late, ids.early]);
    expect((await list('?from=2026-03-01')).rows.map((r) => r.id)).toEqual([ids.otherSupplier]);
    expect((await list('?to=2026-02-27&from=')).rows.map((r) => r.id)).toEqual([ids.orphan, ids.early]);
    expect((await list('?supplierId=999999')).total).toBe(0);
  });

  it('pages by cursor without skipping or repeating a swap', async () => {
    // A supplier of its own, with one swap more than the smallest page, some at the same moment.
    const paged = await createSupplier(t.db, { name: 'Paged Swaps' });
    const made = await t.db
      .insert(deviceSwaps)
      .values(
        Array.from({ length: 26 }, (_, i) => ({
          supplierId: paged.id,
          swappedAt: new Date(Date.UTC(2025, 0, 1 + Math.floor(i / 2))),
        })),
      )
      .returning({ id: deviceSwaps.id });
    const query = `/admin/api/device-swaps?supplierId=${paged.id}&perPage=25`;
    const first = await agent.get(query);
    const next = await agent.get(`${query}&page=2&after=${first.json().nextCursor}`);
    const seen = [...first.json().rows, ...next.json().rows].map((r: { id: number }) => r.id);
    expect(first.json().rows).toHaveLength(25);
    expect(seen).toEqual(made.map((r) => r.id).reverse());
    expect(next.json().nextCursor).toBeNull();
  });

  it.each([
    ['supplierId=0', { supplierId: ['The supplier id must be a whole number from 1 to 2147483647.'] }],
    ['supplierId=acme', { supplierId: ['The supplier id must be a whole number from 1 to 2147483647.'] }],
    ['from=2026-02-30', { from: ['The from date must be a valid date.'] }],
    ['to=yesterday', { to: ['The to date must be a valid date.'] }],
    ['from=2026-03-02&to=2026-03-01', { to: ['The to date must be on or after the from date.'] }],
    ['sort=supplier', { sort: ['sort must be one of: swappedAt, -swappedAt.'] }],
    ['after=forged', { after: ['This page link is no longer valid. Go back to the first page.'] }],
  ])('refuses %s with 422 and says why', async (query, errors) => {
    const res = await agent.get(`/admin/api/device-swaps?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
  });

  it('is refused to a role without devices.view', async () => {
    const rep = await t.signIn({ role: 'field-rep' });
    expect((await rep.get('/admin/api/device-swaps')).statusCode).toBe(403);
    expect((await rep.get('/admin/api/device-swaps/export.csv')).statusCode).toBe(403);
  });
});

describe('the device swaps export', () => {
  it('downloads the filtered swaps as CSV, whatever the page asked', async () => {
    const res = await agent.get(`/admin/api/device-swaps/export.csv?supplierId=${acme.id}&page=2&perPage=50`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="device-swaps-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trimEnd().split('\n');
    expect(lines[0]).toBe('Swap ID,Swapped,Old device ID,New device ID,Supplier ID,Supplier,Customer ID,Customer');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([ids.late, ids.early]);
    expect(lines[1]).toContain(`,${acme.id},Acme Swaps,`);
    expect((await agent.get('/admin/api/device-swaps/export.csv?to=2026-13-01')).statusCode).toBe(422);
  });
});
