import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp, type TestUser } from '../../test/app';
import { auditLog } from '../../db/schema';
import { recordAudit } from './audit.service';
import type { AuditLogEntry, AuditLogPage } from '../../../contract/audit';

let t: TestApp;
let admin: Agent & { user: TestUser };

beforeAll(async () => {
  t = await createTestApp({ BUSINESS_TIMEZONE: 'America/Chicago' });
  admin = await t.signIn({ name: 'Audit Admin' });
});
afterAll(() => t.close());

const page = async (query: string) => {
  const res = await admin.get(`/admin/api/audit-log?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogPage>();
};
const ids = (rows: AuditLogEntry[]) => rows.map((r) => r.id);

/**
 * Entries of a fresh account, `n` of them, each a change of its own: a microsecond apart (a JavaScript Date would
 * round them together), after every entry written before — the embedded database's clock moves by milliseconds, so
 * two calls in one millisecond would otherwise give one author's entries the same times, which read as one change.
 */
async function entriesBy(user: TestUser, n: number, action: 'equipment.received' | 'supplier.updated') {
  await t.db.execute(sql`
    insert into audit_log (user_id, action, entity_type, entity_id, created_at)
    select ${user.id}, ${action}, ${action.split('.')[0]!}, g,
      greatest(clock_timestamp(), (select max(created_at) from audit_log)) + g * interval '1 microsecond'
    from generate_series(1, ${n}) as g`);
}

/**
 * Entries by no one (the system), `n` of them, in one transaction: one timestamp, told apart by id alone. One
 * author's entries of one transaction are one change (ADR 055); the system's are each their own.
 */
async function systemEntriesAtOnce(n: number, action: 'container.updated' | 'container.created') {
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < n; i++)
      await recordAudit(tx, { userId: null, action, entityType: 'container', entityId: i + 1 });
  });
}

/** Entries by no one a microsecond apart, an hour ago. */
async function systemEntriesApart(n: number, action: 'container.updated' | 'container.created') {
  await t.db.execute(sql`
    insert into audit_log (user_id, action, entity_type, entity_id, created_at)
    select null, ${action}, 'container', g, now() - interval '1 hour' + g * interval '1 microsecond'
    from generate_series(1, ${n}) as g`);
}

describe('who may read the whole audit log', () => {
  it('answers Administrators only: 403 to every other role, 401 without a session', async () => {
    expect((await admin.get('/admin/api/audit-log')).statusCode).toBe(200);
    for (const role of ['operations', 'analyst', 'field-rep'] as const) {
      const agent = await t.signIn({ role });
      expect((await agent.get('/admin/api/audit-log')).statusCode, role).toBe(403);
    }
    expect((await (await t.guest()).get('/admin/api/audit-log')).statusCode).toBe(401);
  });
});

describe('the whole audit log', () => {
  it('lists every kind of entry newest first, with who, the action, the record, the address and the user agent', async () => {
    const reader = await t.createUser({ name: 'Rhea Reader' });
    await recordAudit(t.db, {
      userId: reader.id,
      action: 'supplier.updated',
      entityType: 'supplier',
      entityId: 7,
      before: { name: 'Old' },
      after: { name: 'New' },
      ip: '203.0.113.9',
      userAgent: 'Test/1',
    });
    const { rows } = await page(`userId=${reader.id}`);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        userId: reader.id,
        userName: 'Rhea Reader',
        action: 'supplier.updated',
        entityType: 'supplier',
        entityId: 7,
        ip: '203.0.113.9',
        userAgent: 'Test/1',
        before: { name: 'Old' },
        after: { name: 'New' },
        recordName: null,
        recordGone: true,
        revertable: false,
        alongside: [],
        undos: [],
      },
    ]);
    const newest = await page('');
    expect(newest.rows[0]!.id).toBeGreaterThanOrEqual(rows[0]!.id);
    expect(newest.rows.some((r) => r.action === 'auth.signed_in' && r.userId === admin.user.id)).toBe(true);
  });

  it('filters by user, action and record', async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    await entriesBy(ann, 3, 'equipment.received');
    await entriesBy(ann, 2, 'supplier.updated');
    await entriesBy(bob, 2, 'supplier.updated');

    expect((await page(`userId=${ann.id}`)).rows).toHaveLength(5);
    const annSuppliers = (await page(`userId=${ann.id}&action=supplier.updated`)).rows;
    expect(annSuppliers.map((r) => [r.userId, r.action])).toEqual([
      [ann.id, 'supplier.updated'],
      [ann.id, 'supplier.updated'],
    ]);
    const record = (await page('entityType=supplier&entityId=2')).rows.filter((r) =>
      [ann.id, bob.id].includes(r.userId!),
    );
    expect(record.map((r) => [r.userId, r.entityType, r.entityId])).toEqual([
      [bob.id, 'supplier', 2],
      [ann.id, 'supplier', 2],
    ]);
    const kind = (await page(`userId=${ann.id}&entityType=equipment`)).rows;
    expect(kind.map((r) => r.entityId)).toEqual([3, 2, 1]);
  });

  it('filters by business days from and to, both inclusive, in the business time zone', async () => {
    const user = await t.createUser();
    // 04:00 UTC on 10 March 2025 is still the 9th in Chicago (23:00 CDT); 06:00 UTC is the 10th.
    const at = ['2025-03-09T05:59:00Z', '2025-03-10T04:00:00Z', '2025-03-10T06:00:00Z', '2025-03-11T05:00:00Z'];
    for (const [i, createdAt] of at.entries())
      await t.db.insert(auditLog).values({
        userId: user.id,
        action: 'supplier.created',
        entityType: 'supplier',
        entityId: i + 1,
        createdAt: new Date(createdAt),
      });
    const days = async (range: string) => (await page(`userId=${user.id}&${range}`)).rows.map((r) => r.entityId);
    expect(await days('from=2025-03-10&to=2025-03-10')).toEqual([3]);
    expect(await days('from=2025-03-09&to=2025-03-10')).toEqual([3, 2]);
    expect(await days('from=2025-03-10')).toEqual([4, 3]);
    expect(await days('to=2025-03-08')).toEqual([1]);
  });
});

describe('keyset pages', () => {
  it('pages 50 at a time from a cursor, neither repeating nor skipping rows when new entries arrive in between', async () => {
    // Entries a microsecond apart (a JavaScript Date would round them together) and entries sharing one timestamp.
    await systemEntriesApart(60, 'container.updated');
    await systemEntriesAtOnce(60, 'container.updated');
    const all = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'container.updated'`)
      .orderBy(sql`${auditLog.createdAt} desc, ${auditLog.id} desc`);

    const first = await page('action=container.updated');
    expect(first.rows).toHaveLength(50);
    expect(first.nextCursor).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d+$/);
    await systemEntriesAtOnce(5, 'container.updated');
    const second = await page(`action=container.updated&before=${first.nextCursor}`);
    expect(second.rows).toHaveLength(50);
    const third = await page(`action=container.updated&before=${second.nextCursor}`);
    expect(third.rows).toHaveLength(20);
    expect(third.nextCursor).toBeNull();
    expect([...ids(first.rows), ...ids(second.rows), ...ids(third.rows)]).toEqual(all.map((r) => r.id));

    const fresh = await page('action=container.updated');
    expect(fresh.rows.slice(0, 5).every((r) => !all.some((a) => a.id === r.id))).toBe(true);
  });

  it('pages oldest first by its after cursor through entries of one timestamp, then on to entries added since', async () => {
    await systemEntriesApart(30, 'container.created');
    // Sixty in one transaction: the page boundary falls among entries told apart by id alone.
    await systemEntriesAtOnce(60, 'container.created');
    const oldestFirst = async () =>
      (
        await t.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(sql`${auditLog.action} = 'container.created'`)
          .orderBy(sql`${auditLog.createdAt}, ${auditLog.id}`)
      ).map((r) => r.id);
    const all = await oldestFirst();

    const first = await page('action=container.created&sort=createdAt');
    expect(first.rows).toHaveLength(50);
    const second = await page(`action=container.created&sort=createdAt&after=${first.nextCursor}`);
    expect(second.rows).toHaveLength(40);
    expect(second.nextCursor).toBeNull();
    expect([...ids(first.rows), ...ids(second.rows)]).toEqual(all);

    // Newer entries come after the last page read, not before it.
    await systemEntriesAtOnce(5, 'container.created');
    const more = await page(`action=container.created&sort=createdAt&after=${first.nextCursor}`);
    expect(ids(more.rows)).toEqual((await oldestFirst()).slice(50));
  });

  it('exports oldest first from the after cursor when asked', async () => {
    const user = await t.createUser();
    await entriesBy(user, 3, 'equipment.received');
    const res = await admin.get(`/admin/api/audit-log/export.csv?userId=${user.id}&sort=createdAt`);
    expect(res.statusCode, res.body).toBe(200);
    const exported = res.body
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(exported).toEqual(ids((await page(`userId=${user.id}&sort=createdAt`)).rows));
    expect(exported).toEqual([...exported].sort((a, b) => a - b));
  });
});

describe('hostile filters', () => {
  const entries = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

  it('refuses NUL bytes, ids above 2^31−1, impossible dates and forged cursors with 422 on the field', async () => {
    const cases: [string, string][] = [
      ['userId=%00', 'userId'],
      ['userId=2147483648', 'userId'],
      ['userId=0x10', 'userId'],
      ['action=auth.signed_in%00', 'action'],
      ['action=%00', 'action'],
      ['action=drop', 'action'],
      ['entityType=user%00&entityId=1', 'entityType'],
      ['entityType=user&entityId=2147483648', 'entityId'],
      ['entityType=user&entityId=%00', 'entityId'],
      ['entityId=5', 'entityType'],
      ['from=2024-02-30', 'from'],
      ['to=2023-02-29', 'to'],
      ['from=2024-01-01%00', 'from'],
      ['from=2024-03-02&to=2024-03-01', 'to'],
      ['before=%00', 'before'],
      ['before=2024-02-30T10:00:00.000000Z_5', 'before'],
      ['before=2024-02-01T24:00:00.000000Z_5', 'before'],
      ['before=2024-02-01T10:00:00.000000Z_0', 'before'],
      ['before=2024-02-01T10:00:00Z_5', 'before'],
      ["before=2024-02-01T10:00:00.000000Z_5'--", 'before'],
      ['sort=userId', 'sort'],
      ['sort=-createdAt%00', 'sort'],
      ['sort=createdAt&after=2024-02-30T10:00:00.000000Z_5', 'after'],
      // Each order pages on its own cursor: older entries newest first, newer ones oldest first.
      ['sort=createdAt&before=2024-02-01T10:00:00.000000Z_5', 'before'],
      ['after=2024-02-01T10:00:00.000000Z_5', 'after'],
    ];
    const before = await entries();
    for (const [query, field] of cases) {
      const res = await admin.get(`/admin/api/audit-log?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
    expect(await entries()).toBe(before);
  });
});
