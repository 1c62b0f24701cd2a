import type { Tx } from '../../db/types';
import { recordAudit, type AuditOrigin } from '../audit';
import type { AuditAction } from '../../../contract/audit';

/** Who acts on an account, and from where. */
export interface Actor extends AuditOrigin {
  id: number;
}

/** An actor signed in with this session: a change to their own account keeps it. */
export interface Caller extends Actor {
  sid: string;
}

/**
 * Writes an action on the account `accountId` to the audit log; call it inside the action's transaction. Without an
 * actor (the command line) the entry has neither author nor origin.
 */
export function auditAccount(
  tx: Tx,
  action: AuditAction<'user'>,
  accountId: number,
  actor: Actor | undefined,
  change: { before?: unknown; after?: unknown } = {},
): Promise<void> {
  return recordAudit(tx, {
    userId: actor?.id ?? null,
    ip: actor?.ip ?? null,
    userAgent: actor?.userAgent ?? null,
    action,
    entityType: 'user',
    entityId: accountId,
    ...change,
  });
}
