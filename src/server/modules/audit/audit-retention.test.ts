import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, lt, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../../config';
import type { Database } from '../../db/types';
import { auditLog } from '../../db/schema';
import { Scheduler } from '../../jobs/scheduler';
import { openTestDatabase } from '../../test/database';
import { auditRetentionJob, deleteAuditEntriesBefore, RETENTION_BATCH } from './audit-retention';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-27T12:00:00Z');
let seq = 0;

/** `n` entries of a record type of their own, made `ageMs` before NOW; answers the record type. */
async function entries(n: number, ageMs: number, entityType = `retention_${++seq}`): Promise<string> {
  await database.db.execute(sql`
    insert into ${auditLog} (action, entity_type, entity_id, created_at)
    select 'supplier.updated', ${entityType}, g, ${new Date(NOW - ageMs).toISOString()}::timestamptz
    from generate_series(1, ${n}) g`);
  return entityType;
}
const left = async (entityType: string) =>
  (await database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entityType, entityType)))[0]!.n;
const olderThan = async (ms: number) =>
  (
    await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(lt(auditLog.createdAt, new Date(NOW - ms)))
  )[0]!.n;

describe('AUDIT_RETENTION_DAYS', () => {
  it('is 400 days unless set, and at least 30', () => {
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(400);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '29' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'forever' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});

describe('audit retention', () => {
  it('deletes only the entries older than the limit, 5,000 a statement', async () => {
    const old = await entries(RETENTION_BATCH * 2 + 7, 400 * DAY_MS + 60_000);
    const kept = await entries(3, 400 * DAY_MS - 60_000);
    const recent = await entries(2, DAY_MS);
    const result = await auditRetentionJob(database.db, 400, () => NOW)(new AbortController().signal);
    expect(result).toEqual({ deleted: RETENTION_BATCH * 2 + 7, batches: 3 });
    expect(await left(old)).toBe(0);
    expect(await left(kept)).toBe(3);
    expect(await left(recent)).toBe(2);
  });

  it('pauses between batches and stops between two once asked to', async () => {
    const old = await entries(10, 500 * DAY_MS);
    let pauses = 0;
    const all = await deleteAuditEntriesBefore(database.db, new Date(NOW - 400 * DAY_MS), {
      batchSize: 4,
      pause: async () => void (pauses += 1),
    });
    expect(all).toEqual({ deleted: 10, batches: 3 });
    expect(pauses).toBe(2);
    expect(await left(old)).toBe(0);

    const more = await entries(10, 500 * DAY_MS);
    const stop = new AbortController();
    const cut = await deleteAuditEntriesBefore(database.db, new Date(NOW - 400 * DAY_MS), {
      batchSize: 4,
      signal: stop.signal,
      pause: async () => stop.abort(),
    });
    expect(cut).toEqual({ deleted: 4, batches: 1 });
    expect(await left(more)).toBe(6);
    await deleteAuditEntriesBefore(database.db, new Date(NOW - 400 * DAY_MS));
  });

  it('deletes each entry once when two runs go at the same moment, without an error', async () => {
    const old = await entries(500, 450 * DAY_MS);
    const kept = await entries(5, 10 * DAY_MS);
    const before = new Date(NOW - 400 * DAY_MS);
    const runs = await Promise.all(
      [1, 2].map(() => deleteAuditEntriesBefore(database.db, before, { batchSize: 25, pause: async () => {} })),
    );
    expect(runs[0]!.deleted + runs[1]!.deleted).toBe(500);
    expect(await left(old)).toBe(0);
    expect(await left(kept)).toBe(5);
  });

  it('runs on one instance when two reach its time together, leaving younger entries', async () => {
    const old = await entries(120, 401 * DAY_MS);
    const kept = await entries(4, 399 * DAY_MS);
    const log = pino({ level: 'silent' });
    const results: unknown[] = [];
    const name = `audit_retention_${++seq}`;
    const job = auditRetentionJob(database.db, 400, () => NOW);
    // Each instance's queue works what it is sent at once.
    const instances = [1, 2].map(() => {
      const queue = {
        send: async () => {
          results.push(await job(new AbortController().signal));
          return name;
        },
        everyMinute: async () => {},
      };
      const scheduler = new Scheduler(database.db, queue, { timeZone: 'UTC', log, now: () => NOW });
      scheduler.add(name, { at: '03:30' });
      return scheduler;
    });
    await Promise.all(instances.map((s) => s.look()));
    expect(results).toEqual([{ deleted: 120, batches: 1 }]);
    expect(await left(old)).toBe(0);
    expect(await left(kept)).toBe(4);
    expect(await olderThan(400 * DAY_MS)).toBe(0);
  });
});
