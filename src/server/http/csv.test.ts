import type { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { csvCell } from '../../contract/csv';
import { createTestApp } from '../test/app';
import { customers } from '../db/schema';
import { createCancellation, createCustomer, createDevice, createEquipment, createSupplier } from '../test/factories';
import { recordAudit } from '../modules/audit';
import { createProspect } from '../test/factories/prospect';
import { batches, EXPORT_BATCH } from '../db/pages';
import { encodeCursor } from '../../contract/pagination';
import { sendRowsCsv } from './csv';

// Exports are paced by the requests between batches (yield-to-requests.test.ts); here each pace is counted as a
// wait, and may look around while waiting.
const yields = vi.hoisted(() => ({ count: 0, meanwhile: undefined as (() => Promise<void>) | undefined }));
vi.mock('./yield-to-requests', () => ({
  pacer: () => async () => {
    yields.count++;
    await yields.meanwhile?.();
  },
}));

describe('CSV cells', () => {
  it('quotes separators, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvCell('Ann')).toBe('Ann');
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('5" phone')).toBe('"5"" phone"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect([csvCell(null), csvCell(undefined), csvCell(42)]).toEqual(['', '', '42']);
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tx'])
      expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
  });
});

describe('list exports', () => {
  it('keeps no batch of rows in reach while it waits for requests', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const made: WeakRef<object>[] = [];
    const reachable: number[] = [];
    yields.meanwhile = async () => {
      // A later turn: a WeakRef keeps its target until the turn that made it ends.
      await new Promise(setImmediate);
      gc();
      reachable.push(made.filter((batch) => batch.deref()).length);
    };
    let sent: Readable | undefined;
    const reply = {
      server: { metrics: null },
      header: () => reply,
      send: (stream: Readable) => ((sent = stream), reply),
    };
    try {
      await sendRowsCsv(
        reply as unknown as FastifyReply,
        'numbers',
        [{ header: 'N', value: (n: number) => n }],
        batches(1, async (page) => {
          const rows = Array.from({ length: 100 }, (_, i) => page * 100 + i);
          made.push(new WeakRef(rows));
          return { rows, next: page < 3 ? page + 1 : null };
        }),
      );
      const lines = (await sent!.toArray()).join('').trimEnd().split('\n');
      expect(lines).toHaveLength(301);
      expect(lines.at(-1)).toBe('399');
      expect(made).toHaveLength(3);
      expect(reachable).toEqual([0, 0, 0]);
    } finally {
      yields.meanwhile = undefined;
    }
  });

  it('answers a stale or forged cursor with 422 before any byte of the file, on every list export', async () => {
    const t = await createTestApp();
    try {
      await createCustomer(t.db, { name: 'Cursor Person' });
      const agent = await t.signIn();
      // A cursor of a text key where the list's order reads a time, and one of a time where it reads a text.
      const forged = [encodeCursor(['zzz', 5]), encodeCursor([123456, 5])];
      const exports = [
        '/admin/api/parcels/export.csv?direction=to_customer',
        '/admin/api/subscriptions/export.csv',
        '/admin/api/subscription-cancellations/export.csv',
        '/admin/api/prospects/export.csv',
        '/admin/api/device-swaps/export.csv',
        '/admin/api/suppliers/export.csv',
        '/admin/api/customers/export.csv?sort=name',
      ];
      let refused = 0;
      for (const url of exports)
        for (const after of forged) {
          const res = await agent.get(`${url}${url.includes('?') ? '&' : '?'}after=${encodeURIComponent(after)}`);
          expect(res.statusCode, `${url} after=${after}`).not.toBeGreaterThanOrEqual(500);
          if (res.statusCode === 422) {
            refused++;
            expect(res.headers['content-type']).toContain('application/json');
            expect(res.json<{ errors: Record<string, string[]> }>().errors.after).toBeDefined();
          } else expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        }
      // Each list reads one of the two kinds of key: the other kind is refused.
      expect(refused).toBeGreaterThanOrEqual(exports.length);
    } finally {
      await t.close();
    }
  });

  it('streams every customer the search finds, newest first, across batches, as a download', async () => {
    const t = await createTestApp();
    try {
      await t.db.execute(sql`
        INSERT INTO ${customers} (name, created_at)
        SELECT 'Export Person ' || n, now() - n * interval '1 minute' FROM generate_series(1, ${EXPORT_BATCH + 5}) AS n`);
      await createCustomer(t.db, { name: '=cmd|calc Other' });
      const agent = await t.signIn();
      yields.count = 0;
      const res = await agent.get('/admin/api/customers/export.csv?q=Export%20Person&page=7&perPage=50');
      expect(res.statusCode).toBe(200);
      // Each batch is followed by a wait for the requests beside it; PostgreSQL's COPY sends these rows in one chunk.
      expect(yields.count).toBe(t.database.kind === 'pglite' ? 2 : 1);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = res.body.trimEnd().split('\n');
      expect(lines[0]).toBe('ID,Name,Email,Phone,City,State,Customer since');
      expect(lines).toHaveLength(EXPORT_BATCH + 6);
      expect(lines[1]).toContain(',Export Person 1,');
      expect(lines.at(-1)).toContain(`,Export Person ${EXPORT_BATCH + 5},`);
      expect(new Set(lines).size).toBe(lines.length);
      expect(res.body).not.toContain('calc');

      const all = await agent.get('/admin/api/customers/export.csv');
      expect(all.body).toContain(",'=cmd|calc Other,");
    } finally {
      await t.close();
    }
  });

  it('exports cancellations with carrier and reason names, and refuses a role without the list', async () => {
    const t = await createTestApp();
    try {
      await createCancellation(t.db);
      const agent = await t.signIn({ role: 'analyst' });
      const res = await agent.get('/admin/api/subscription-cancellations/export.csv');
      expect(res.statusCode).toBe(200);
      const [header, row] = res.body.split('\n');
      expect(header).toBe(
        'Cancellation ID,Subscription ID,Customer ID,Customer,Phone,IMEI,Carrier,Type,Ordered,Cancelled,Cancellation reason',
      );
      expect(row).toContain(',AT&T,Cancellation,');
      const rep = await t.signIn({ role: 'field-rep' });
      expect((await rep.get('/admin/api/subscriptions/export.csv')).statusCode).toBe(403);
      const bad = await agent.get('/admin/api/subscriptions/export.csv?from=2026-02-30');
      expect(bad.statusCode).toBe(422);
    } finally {
      await t.close();
    }
  });

  it('exports the devices a filter finds, with status, model and customer, to roles that see devices', async () => {
    const t = await createTestApp();
    try {
      const mine = await createDevice(t.db, { simOnly: true, deviceStatusId: 5 });
      await createDevice(t.db, { simOnly: true, deviceStatusId: 4 });
      const agent = await t.signIn({ role: 'analyst' });
      const res = await agent.get('/admin/api/devices/export.csv?status=5');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/filename="devices-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = res.body.trimEnd().split('\n');
      expect(lines[0]).toBe('Device ID,IMEI,SIM,Phone,Status,Model,Line deleted,Customer ID,Customer');
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([String(mine.id)]);
      expect(lines[1]).toContain(',Unavailable,');
      const rep = await t.signIn({ role: 'field-rep' });
      expect((await rep.get('/admin/api/devices/export.csv')).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('exports a field rep’s own visits only, as the list shows them', async () => {
    const t = await createTestApp();
    try {
      const ann = await t.signIn({ role: 'field-rep', isRep: true, name: 'Ann Export' });
      const bob = await t.signIn({ role: 'field-rep', isRep: true, name: 'Bob Export' });
      await createProspect(t.db, { repId: ann.user.id, name: 'Ann visit' });
      await createProspect(t.db, { repId: bob.user.id, name: 'Bob visit' });
      const res = await ann.get('/admin/api/prospects/export.csv');
      expect(res.statusCode).toBe(200);
      const lines = res.body.trimEnd().split('\n');
      expect(lines[0]).toBe('Visit ID,Visited,Rep,Name,Address,City,State,ZIP,Action,Converted');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(',Ann Export,Ann visit,');
      const office = await t.signIn({ role: 'analyst' });
      expect((await office.get('/admin/api/prospects/export.csv')).body.trimEnd().split('\n')).toHaveLength(3);
    } finally {
      await t.close();
    }
  });

  it('exports the equipment of one state', async () => {
    const t = await createTestApp();
    try {
      const held = await createEquipment(t.db, { state: 'hold', imei: '356600000000123' });
      await createEquipment(t.db, { state: 'returning', imei: '356600000000456' });
      const agent = await t.signIn({ role: 'analyst' });
      const res = await agent.get('/admin/api/equipment/export.csv?state=hold');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/filename="equipment-hold-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = res.body.trimEnd().split('\n');
      expect(lines[0]).toBe('Equipment ID,IMEI,State,Model,From device,Customer ID,Customer,Since');
      expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([`${held.id},356600000000123`]);
    } finally {
      await t.close();
    }
  });

  it('exports the parcels of one direction with their customer, item, size and author', async () => {
    const t = await createTestApp();
    try {
      const agent = await t.signIn({ name: 'Parcel Clerk' });
      const customer = await createCustomer(t.db, { name: 'Box, "Receiver"' });
      for (const direction of ['to_customer', 'from_customer'])
        expect(
          (
            await agent.post('/admin/api/parcels', {
              customer_id: customer.id,
              direction,
              length: 12.5,
              width: 9,
              height: 4.1,
              weight: 22.4,
            })
          ).statusCode,
        ).toBe(201);
      const res = await agent.get('/admin/api/parcels/export.csv?direction=from_customer');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/filename="parcels-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = res.body.trimEnd().split('\n');
      expect(lines[0]).toBe(
        'Parcel ID,Entered,Direction,Customer ID,Customer,Item,Container,Length (in),Width (in),Height (in),Weight (oz),Entered by',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`,From customer,${customer.id},"Box, ""Receiver""",,,12.5,9,4.1,22.4,Parcel Clerk`);
      const rep = await t.signIn({ role: 'field-rep' });
      expect((await rep.get('/admin/api/parcels/export.csv')).statusCode).toBe(403);
      expect((await agent.get('/admin/api/parcels/export.csv?direction=sideways')).statusCode).toBe(422);
    } finally {
      await t.close();
    }
  });

  it('exports the suppliers a search finds with their contact and billing terms', async () => {
    const t = await createTestApp();
    try {
      await createSupplier(t.db, { name: 'Export Wireless', contactEmail: 'ops@export.example' });
      await createSupplier(t.db, { name: 'Other Supply' });
      const agent = await t.signIn({ role: 'analyst' });
      const res = await agent.get('/admin/api/suppliers/export.csv?q=export');
      expect(res.statusCode).toBe(200);
      const lines = res.body.trimEnd().split('\n');
      expect(lines[0]).toBe(
        'Supplier ID,Name,Contact name,Contact email,Contact phone,Prorates,Supplier report,Frequency,Billing cycle,Created,Updated',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(',Export Wireless,');
      expect(lines[1]).toContain(',ops@export.example,');
    } finally {
      await t.close();
    }
  });

  it('exports the whole filtered audit log to Administrators, across batches that share one timestamp', async () => {
    const t = await createTestApp();
    try {
      const admin = await t.signIn({ name: 'Log Reader' });
      const clerk = await t.signIn({ role: 'operations', name: 'Busy Clerk' });
      // One transaction: every entry has the same created_at, so the batches are told apart by id alone.
      await t.db.transaction(async (tx) => {
        for (let i = 0; i < EXPORT_BATCH + 3; i++)
          await recordAudit(tx, {
            userId: clerk.user.id,
            action: 'supplier.updated',
            entityType: 'supplier',
            entityId: i + 1,
            before: { name: `Old, ${i}` },
            after: { name: `New "${i}"` },
          });
      });
      const res = await admin.get(`/admin/api/audit-log/export.csv?userId=${clerk.user.id}&action=supplier.updated`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = res.body.trimEnd().split('\n');
      expect(lines[0]).toBe('Entry ID,Time,User ID,User,Action,Record type,Record ID,IP,User agent,Before,After');
      expect(lines).toHaveLength(EXPORT_BATCH + 4);
      const recordIds = lines.slice(1).map((l) => Number(l.split(',')[6]));
      expect(recordIds).toEqual(Array.from({ length: EXPORT_BATCH + 3 }, (_, i) => EXPORT_BATCH + 3 - i));
      expect(lines[1]).toContain(`,Busy Clerk,supplier.updated,supplier,${EXPORT_BATCH + 3},`);
      expect(lines[1]).toContain(
        `"{""name"":""Old, ${EXPORT_BATCH + 2}""}","{""name"":""New \\""${EXPORT_BATCH + 2}\\""""}"`,
      );
      expect((await clerk.get('/admin/api/audit-log/export.csv')).statusCode).toBe(403);
      expect((await admin.get('/admin/api/audit-log/export.csv?from=2026-02-30')).statusCode).toBe(422);
    } finally {
      await t.close();
    }
  });
});
