import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/types';
import { auditLog } from '../../db/schema';
import { batches, EXPORT_BATCH } from '../../db/pages';
import {
  AUDIT_LOG_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type HistoryEntityType,
  type AuditLogPage,
  type AuditLogQuery,
} from '../../../contract/audit';
import { auditEntriesOf, auditLogRows } from './audit.queries';

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

export async function auditHistory(db: Db, entityType: HistoryEntityType, entityId: number): Promise<AuditEntry[]> {
  const rows = await auditEntriesOf(db, entityType, entityId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** One page of the whole log, newest first, and the cursor of the next older page when there is one. */
export async function auditLogPage(db: Db, query: AuditLogQuery, timeZone: string): Promise<AuditLogPage> {
  const rows = await auditLogRows(db, query, timeZone, AUDIT_LOG_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_LOG_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map(({ cursorAt: _cursorAt, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextCursor: rows.length > AUDIT_LOG_PAGE_SIZE && last ? `${last.cursorAt}_${last.id}` : null,
  };
}

/** Every entry the filters find, newest first, in batches that each continue below the last one read. */
export function auditLogBatches(db: Db, query: AuditLogQuery, timeZone: string) {
  return batches({ before: query.before }, async ({ before }) => {
    const rows = await auditLogRows(db, { ...query, before }, timeZone, EXPORT_BATCH);
    const last = rows.at(-1);
    return {
      rows,
      next: rows.length < EXPORT_BATCH || !last ? null : { before: { at: last.cursorAt, id: last.id } },
    };
  });
}
