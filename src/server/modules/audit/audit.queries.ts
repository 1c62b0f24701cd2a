import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { auditLog, users } from '../../db/schema';
import type { AuditLogQuery } from '../../../contract/audit';
import { rowsOf } from '../../db/rows';

/** The latest 200 entries of one record with the name of who made each, newest first. */
export function auditEntriesOf(db: Db, entityType: string, entityId: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      userName: users.name,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(200);
}

/**
 * Entries of the whole log matching the filters, newest first, older than the cursor when one is given. The
 * cursor compares (created_at, id) as a row, which the (created_at desc, id desc) index serves without OFFSET;
 * `cursorAt` is created_at to the microsecond, which a JavaScript Date would round to the millisecond.
 */
export function auditLogRows(db: Db, q: AuditLogQuery, timeZone: string, limit: number) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      cursorAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      userId: auditLog.userId,
      userName: users.name,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        q.userId !== undefined ? eq(auditLog.userId, q.userId) : undefined,
        q.action ? eq(auditLog.action, q.action) : undefined,
        q.entityType ? eq(auditLog.entityType, q.entityType) : undefined,
        q.entityId !== undefined ? eq(auditLog.entityId, q.entityId) : undefined,
        q.from ? sql`${auditLog.createdAt} >= (${q.from}::date)::timestamp at time zone ${timeZone}` : undefined,
        q.to ? sql`${auditLog.createdAt} < (${q.to}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
        q.before
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${q.before.at}::timestamptz, ${q.before.id})`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

const entryColumns = {
  id: auditLog.id,
  userId: auditLog.userId,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  createdAt: auditLog.createdAt,
};

/** One entry of the log, as written. */
export async function auditEntryById(db: Db, id: number) {
  const [row] = await db.select(entryColumns).from(auditLog).where(eq(auditLog.id, id));
  return row;
}

/** The latest entry written on one record. */
export async function latestAuditEntryOf(db: Db, entityType: string, entityId: number) {
  const [row] = await db
    .select(entryColumns)
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row;
}

/**
 * Deletes up to `limit` entries older than `before`, oldest first through the (created_at, id) index, and answers
 * how many. Rows another run is deleting at that moment are skipped rather than waited for, so two runs at once
 * share the work and delete each row once.
 */
export async function deleteAuditBatch(db: Db, before: Date, limit: number): Promise<number> {
  const [gone] = await rowsOf<{ n: number }>(
    db,
    sql`
    with doomed as (
      select ${auditLog.id} as id from ${auditLog}
      where ${auditLog.createdAt} < ${before.toISOString()}::timestamptz
      order by ${auditLog.createdAt}, ${auditLog.id}
      limit ${limit}
      for update skip locked
    ), gone as (
      delete from ${auditLog} where ${auditLog.id} in (select id from doomed) returning 1
    )
    select count(*)::int as n from gone`,
  );
  return gone!.n;
}
