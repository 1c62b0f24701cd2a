import { and, asc, desc, eq, inArray, ne, notInArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/types';
import { auditLog, parcels, subscriptionCancellations, subscriptions, users } from '../../db/schema';
import type { AuditLogQuery } from '../../../contract/audit';
import { rowsOf } from '../../db/rows';

/** The columns of an entry of the whole log, with the name of who made it (a left join of users). */
const logColumns = {
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
};
export type LogRow = Awaited<ReturnType<typeof auditLogRows>>[number];

/**
 * The filters of the log, or of one record's history: a customer's is asked for by its own record type, which
 * the log's filter does not offer.
 */
type LogQuery = Omit<AuditLogQuery, 'entityType'> & { entityType?: string };

/** The audit table or one of its aliases. */
type LogTable = Record<'id' | 'userId' | 'action' | 'entityType' | 'entityId' | 'createdAt' | 'before', AnyColumn>;

/**
 * A customer's record is never changed by the app: their history is the changes of what is theirs, their
 * subscriptions, those subscriptions' cancellations and their parcels.
 */
function ofCustomer(t: LogTable, customerId: number): SQL {
  const theirs = (entityType: string, ids: SQL) => sql`(${t.entityType} = ${entityType} and ${t.entityId} in (${ids}))`;
  return sql`(${theirs('subscription', sql`select ${subscriptions.id} from ${subscriptions} where ${subscriptions.customerId} = ${customerId}`)}
    or ${theirs(
      'subscription_cancellation',
      sql`select ${subscriptionCancellations.id} from ${subscriptionCancellations}
        join ${subscriptions} on ${subscriptions.id} = ${subscriptionCancellations.subscriptionId}
        where ${subscriptions.customerId} = ${customerId}`,
    )}
    or ${theirs('parcel', sql`select ${parcels.id} from ${parcels} where ${parcels.customerId} = ${customerId}`)})`;
}

/** The filters of the whole log (not its cursor) on one alias of the table. */
function logFilters(t: LogTable, q: LogQuery, timeZone: string): SQL {
  const customer = q.entityType === 'customer' && q.entityId !== undefined;
  const filters = and(
    q.userId !== undefined ? eq(t.userId, q.userId) : undefined,
    q.action ? eq(t.action, q.action) : undefined,
    customer ? ofCustomer(t, q.entityId!) : undefined,
    !customer && q.entityType ? eq(t.entityType, q.entityType) : undefined,
    !customer && q.entityId !== undefined ? eq(t.entityId, q.entityId) : undefined,
    q.from ? sql`${t.createdAt} >= (${q.from}::date)::timestamp at time zone ${timeZone}` : undefined,
    q.to ? sql`${t.createdAt} < (${q.to}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
  );
  return filters ?? sql`true`;
}

/**
 * The taking back of a change is written in one transaction: its marker (`change.reverted`, whose `before.entryId`
 * names the change) and the entries of the service that put the record back, all with the transaction's time and
 * its author. `undo` is one such marker, `undone` the change it names.
 */
const undo = alias(auditLog, 'undo');
const undone = alias(auditLog, 'undone');
const undoneBefore = alias(auditLog, 'undone_before');
const REVERTED = 'change.reverted';
const writtenWith = (t: LogTable, other: LogTable) =>
  sql`${t.createdAt} = ${other.createdAt} and ${t.userId} = ${other.userId}`;

const shown = alias(auditLog, 'shown');
const later = alias(auditLog, 'later');
const txMarker = alias(auditLog, 'tx_marker');

/**
 * Whether an entry is part of taking back a change that the same filters find, which then shows it (ADR 048): the
 * change found by any entry of its transaction, on another record too (ADR 055). A change that itself took one back
 * (a redo) is not such a change: its own undo stays an entry of its own.
 */
const foldedIntoItsChange = (q: LogQuery, timeZone: string) => sql`exists (
  select 1 from ${auditLog} ${undo} join ${auditLog} ${undone} on ${undone.id} = (${undo.before} ->> 'entryId')::bigint
    join ${auditLog} ${shown} on (${shown.id} = ${undone.id} or ${writtenWith(shown, undone)})
  where ${undo.action} = ${REVERTED} and ${writtenWith(undo, auditLog)} and ${logFilters(shown, q, timeZone)}
    and not exists (
      select 1 from ${auditLog} ${undoneBefore}
      where ${undoneBefore.action} = ${REVERTED} and ${writtenWith(undoneBefore, undone)}
    ))`;

/**
 * Whether a later entry of the same change, which the same filters find, is that change's row: a change that wrote
 * entries on several records is one row, its last entry found, with the others written alongside (ADR 055). Taking
 * a change back is grouped with that change instead (ADR 048).
 */
const shownByALaterEntry = (q: LogQuery, timeZone: string) => sql`exists (
  select 1 from ${auditLog} ${later}
  where ${writtenWith(later, auditLog)} and ${later.id} > ${auditLog.id} and ${logFilters(later, q, timeZone)}
    and not exists (
      select 1 from ${auditLog} ${txMarker} where ${txMarker.action} = ${REVERTED} and ${writtenWith(txMarker, auditLog)}
    ))`;

/**
 * Entries of the whole log matching the filters, newest first (older than `before` when given), or oldest first
 * with `sort=createdAt` (newer than `after`). The cursor compares (created_at, id) as a row, which the
 * (created_at, id) index serves in either direction without OFFSET;
 * `cursorAt` is created_at to the microsecond, which a JavaScript Date would round to the millisecond. `grouped`
 * (a page or a history, not the export) leaves out the entries shown with another: those that took back a change
 * listed with them, and those written alongside a later entry of the same change.
 */
export function auditLogRows(
  db: Db,
  q: LogQuery,
  timeZone: string,
  limit: number,
  { grouped = false }: { grouped?: boolean } = {},
) {
  const by = q.sort === 'createdAt' ? asc : desc;
  return db
    .select(logColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        logFilters(auditLog, q, timeZone),
        q.before
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${q.before.at}::timestamptz, ${q.before.id})`
          : undefined,
        q.after
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) > (${q.after.at}::timestamptz, ${q.after.id})`
          : undefined,
        grouped ? sql`not ${foldedIntoItsChange(q, timeZone)}` : undefined,
        grouped ? sql`not ${shownByALaterEntry(q, timeZone)}` : undefined,
      ),
    )
    .orderBy(by(auditLog.createdAt), by(auditLog.id))
    .limit(limit);
}

/**
 * The other entries of the changes of some rows, written in the same transaction by the same author, oldest first;
 * none for a row that is part of taking a change back (its marker and entries are rows of their own).
 */
export async function writtenAlongside(db: Db, rows: LogRow[]) {
  const changes = rows.filter((r) => r.userId !== null);
  if (!changes.length) return [];
  return db
    .select(logColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        or(
          ...changes.map(
            (r) => sql`${auditLog.createdAt} = ${r.cursorAt}::timestamptz and ${auditLog.userId} = ${r.userId}`,
          ),
        ),
        notInArray(
          auditLog.id,
          changes.map((r) => r.id),
        ),
        sql`not exists (
          select 1 from ${auditLog} ${txMarker} where ${txMarker.action} = ${REVERTED} and ${writtenWith(txMarker, auditLog)}
        )`,
      ),
    )
    .orderBy(auditLog.createdAt, auditLog.id);
}

/**
 * What took back each of some changes: the markers naming them, found through the record's own index, and every
 * entry written with each marker, oldest first.
 */
export async function undosOf(db: Db, changes: { id: number; entityType: string; entityId: number }[]) {
  if (!changes.length) return [];
  const markers = await db
    .select({ ...logColumns, undoneId: sql<number>`(${auditLog.before} ->> 'entryId')::bigint`.mapWith(Number) })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.action, REVERTED),
        or(
          ...changes.map((c) =>
            and(
              eq(auditLog.entityType, c.entityType),
              eq(auditLog.entityId, c.entityId),
              sql`${auditLog.before} ->> 'entryId' = ${String(c.id)}`,
            ),
          ),
        ),
      ),
    )
    .orderBy(auditLog.createdAt, auditLog.id);
  if (!markers.length) return [];
  const written = await db
    .select(logColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        ne(auditLog.action, REVERTED),
        // To the microsecond: a JavaScript date would round the transaction's time.
        or(
          ...markers.map(
            (m) => sql`${auditLog.createdAt} = ${m.cursorAt}::timestamptz and ${auditLog.userId} = ${m.userId}`,
          ),
        ),
      ),
    )
    .orderBy(auditLog.createdAt, auditLog.id);
  return markers.map((marker) => ({
    marker,
    entries: written.filter((w) => w.cursorAt === marker.cursorAt && w.userId === marker.userId),
  }));
}

/**
 * Of some reversible changes, those taken back already and those of a record changed since (a later entry on it
 * that is not a marker of taking back): what Revert would refuse.
 */
export async function revertFacts(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const later = alias(auditLog, 'later');
  return rowsOf<{ id: number; takenBack: boolean; changedSince: boolean }>(
    db,
    sql`select ${auditLog.id}::float8 as "id",
      exists (select 1 from ${auditLog} ${undo} where ${undo.entityType} = ${auditLog.entityType}
        and ${undo.entityId} = ${auditLog.entityId} and ${undo.action} = ${REVERTED}
        and ${undo.before} ->> 'entryId' = ${auditLog.id}::text) as "takenBack",
      exists (select 1 from ${auditLog} ${later} where ${later.entityType} = ${auditLog.entityType}
        and ${later.entityId} = ${auditLog.entityId} and ${later.action} <> ${REVERTED}
        and (${later.createdAt}, ${later.id}) > (${auditLog.createdAt}, ${auditLog.id})) as "changedSince"
    from ${auditLog} where ${inArray(auditLog.id, ids)}`,
  );
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
