import type { FastifyRequest } from 'fastify';
import { can, type Permission, type RoleId } from '../../../contract/access';
import { isReversible, revertEndpoints } from '../../../contract/revert';
import type { Db, Tx } from '../../db/types';
import { auditLog } from '../../db/schema';
import { batches, EXPORT_BATCH } from '../../db/pages';
import {
  AUDIT_HISTORY_SIZE,
  AUDIT_LOG_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type HistoryEntityType,
  type AuditLogChange,
  type AuditLogEntry,
  type AuditLogPage,
  type AuditLogQuery,
} from '../../../contract/audit';
import { auditLogRows, undosOf, writtenAlongside, type LogRow } from './audit.queries';
import { mayNameRecords, recordsNow } from './record-names';
import { revertRefusals } from './revertability';

/** Where a change came from: the request's client address and user agent (none for the command line). */
export interface AuditOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface AuditInput extends Partial<AuditOrigin> {
  userId: number | null;
  action: AuditAction;
  entityType: string;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
}

const USER_AGENT_MAX = 300;

/** The client address (behind TRUST_PROXY, the proxy's X-Forwarded-For entry) and the user agent, shortened. */
export function originOf(request: FastifyRequest): AuditOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null };
}

/** Records a state change; call it inside the action's transaction so the entry and the change land together. */
export async function recordAudit(tx: Tx, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

/**
 * A record's latest changes as its history shows them: read as the audit log reads them (ADR 048), without the
 * address and user agent, which are the log's.
 */
export async function auditHistory(
  db: Db,
  entityType: HistoryEntityType,
  entityId: number,
  timeZone: string,
  viewer: RoleId,
): Promise<AuditEntry[]> {
  const rows = await auditLogRows(db, { entityType, entityId, sort: '-createdAt' }, timeZone, AUDIT_HISTORY_SIZE, {
    grouped: true,
  });
  const historyChange = ({ userId: _userId, ip: _ip, userAgent: _userAgent, ...change }: AuditLogChange) => change;
  return (await readable(db, rows, viewer)).map(({ alongside, undos, ...change }) => ({
    ...historyChange(change),
    alongside: alongside.map(historyChange),
    undos: undos.map((u) => ({ ...u, entries: u.entries.map(historyChange) })),
  }));
}

/** One page of the whole log in its order, and the cursor of the next page when there is one. */
export async function auditLogPage(
  db: Db,
  query: AuditLogQuery,
  timeZone: string,
  viewer: RoleId,
): Promise<AuditLogPage> {
  const rows = await auditLogRows(db, query, timeZone, AUDIT_LOG_PAGE_SIZE + 1, { grouped: true });
  const page = rows.slice(0, AUDIT_LOG_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: await readable(db, page, viewer),
    nextCursor: rows.length > AUDIT_LOG_PAGE_SIZE && last ? `${last.cursorAt}_${last.id}` : null,
  };
}

/**
 * Entries as a person reads them: each with the entries its change wrote on other records, its records' names (for
 * a viewer who may see them), whether Revert applies (for one who may revert) and the undos that took it back, in a
 * bounded number of queries.
 */
async function readable(db: Db, page: LogRow[], viewer: RoleId): Promise<AuditLogEntry[]> {
  const alongside = await writtenAlongside(db, page);
  const alongsideOf = (r: LogRow) => alongside.filter((a) => a.cursorAt === r.cursorAt && a.userId === r.userId);
  const changes = [...page, ...alongside];
  const undos = await undosOf(db, changes.filter(mayBeTakenBack));
  const shown = [...changes, ...undos.flatMap((u) => u.entries)];
  const recordNow = await recordsNow(db, shown);
  const refusal = await revertRefusals(db, shown, recordNow);
  const mayRevert = can(viewer, revertEndpoints.revert.access as Permission);
  const change = ({ cursorAt: _cursorAt, ...r }: LogRow): AuditLogChange => {
    const { name, gone } = recordNow(r);
    return {
      ...r,
      createdAt: r.createdAt.toISOString(),
      recordName: mayNameRecords(viewer, r.entityType) ? name : null,
      recordGone: gone,
      revertable: mayRevert && refusal(r) === null,
    };
  };
  return page.map((r) => {
    const others = alongsideOf(r);
    const ids = new Set([r.id, ...others.map((o) => o.id)]);
    return {
      ...change(r),
      alongside: others.map(change),
      undos: undos
        .filter((u) => ids.has(u.marker.undoneId))
        .map(({ marker, entries }) => ({
          id: marker.id,
          userName: marker.userName,
          createdAt: marker.createdAt.toISOString(),
          entries: entries.map(change),
        })),
    };
  });
}

/** Only a reversible change of a record is ever taken back. */
const mayBeTakenBack = (r: LogRow): r is LogRow & { entityId: number } => r.entityId !== null && isReversible(r.action);

/** Every entry the filters find, in the asked order, in batches that each continue past the last one read. */
export function auditLogBatches(db: Db, query: AuditLogQuery, timeZone: string) {
  const from = query.sort === 'createdAt' ? 'after' : 'before';
  return batches(query[from], async (cursor) => {
    const rows = await auditLogRows(db, { ...query, [from]: cursor }, timeZone, EXPORT_BATCH);
    const last = rows.at(-1);
    return { rows, next: rows.length < EXPORT_BATCH || !last ? null : { at: last.cursorAt, id: last.id } };
  });
}
