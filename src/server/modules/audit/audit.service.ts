import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { AuditAction, AuditEntry } from '../../../contract/audit';
import { auditEntriesOf } from './audit.queries';

export interface AuditInput {
  userId: number | null;
  action: AuditAction;
  entityType: string;
  entityId: number;
  before?: unknown;
  after?: unknown;
}

/** Records a state change; call it inside the action's transaction so the entry and the change land together. */
export async function recordAudit(tx: Tx, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

export async function auditHistory(db: Db, entityType: string, entityId: number): Promise<AuditEntry[]> {
  const rows = await auditEntriesOf(db, entityType, entityId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
