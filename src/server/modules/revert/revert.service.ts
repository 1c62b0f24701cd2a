import type { Db } from '../../db/types';
import { ActionError, ForbiddenError } from '../../http/errors';
import { can, type Permission } from '../../../contract/access';
import type { CurrentUser } from '../../../contract/auth';
import type { Container } from '../../../contract/parcels';
import { DEFAULT_LOOKUP_EMAIL, type LookupEmailSettings } from '../../../contract/settings';
import type { Supplier, SupplierInput } from '../../../contract/suppliers';
import {
  REVERT_MESSAGES,
  UNDO_WINDOW_MS,
  isReversible,
  type ReversibleAction,
  type RevertResult,
} from '../../../contract/revert';
import { auditEntryById, latestAuditEntryOf, recordAudit, revertRefusalOf } from '../audit';
import { recordCancellationReason } from '../cancellations';
import { renameReason, setReasonActive } from '../cancellation-reasons';
import { getLookupEmailSettings, saveLookupEmailSettings } from '../settings';
import { updateContainer } from '../parcels';
import { recordSubscriptionReason } from '../subscriptions';
import { updateSupplier } from '../suppliers';

type Entry = NonNullable<Awaited<ReturnType<typeof auditEntryById>>>;
type Reason = { cancellation_reason_id: number; cancellation_reason: string | null };

const SUPPLIER_FIELDS = [
  'name',
  'contactName',
  'contactEmail',
  'contactPhone',
  'prorates',
  'supplierReport',
  'frequency',
  'billingCycle',
] as const satisfies readonly (keyof SupplierInput)[];
const CONTAINER_FIELDS = ['name', 'length', 'width', 'height'] as const satisfies readonly (keyof Container)[];
const SETTINGS_FIELDS = [
  'subject',
  'senderName',
  'senderEmail',
  'body',
] as const satisfies readonly (keyof LookupEmailSettings)[];

const changedSince = () => new ActionError(REVERT_MESSAGES.changedSince, 409);

/** Refuses when the record no longer holds what the entry left in it: a revert never overwrites a later change. */
function unlessStill<T>(left: T, fields: readonly (keyof T)[]) {
  return (current: T) => {
    if (fields.some((f) => current[f] !== left[f])) throw changedSince();
  };
}

const pick = <T, K extends keyof T>(value: T, fields: readonly K[]) =>
  Object.fromEntries(fields.map((f) => [f, value[f]])) as Pick<T, K>;

interface Reverter {
  permission: Permission;
  revert(db: Db, userId: number, e: Entry): Promise<string>;
}

/** An edit put back through its own guarded edit: the fields the entry recorded before, if they still hold after. */
function editReverter<T extends { name: string }, K extends keyof T>(
  permission: Permission,
  fields: readonly K[],
  edit: (db: Db, userId: number, id: number, values: Pick<T, K>, unless: (current: T) => void) => Promise<unknown>,
  what: string,
): Reverter {
  return {
    permission,
    async revert(db, userId, e) {
      const [before, after] = [e.before as T, e.after as T];
      await edit(db, userId, e.entityId!, pick(before, fields), unlessStill(after, fields));
      return `${what} ${before.name} is back as it was.`;
    },
  };
}

/** What each reversible action needs, and how it is put back, through the same service its route uses. */
const REVERTERS: Record<ReversibleAction, Reverter> = {
  'supplier.updated': editReverter<Supplier, (typeof SUPPLIER_FIELDS)[number]>(
    'suppliers.manage',
    SUPPLIER_FIELDS,
    updateSupplier,
    'Supplier',
  ),
  'container.updated': editReverter<Container, (typeof CONTAINER_FIELDS)[number]>(
    'parcels.manage',
    CONTAINER_FIELDS,
    updateContainer,
    'Container',
  ),
  rename: {
    permission: 'cancellation-reasons.manage',
    async revert(db, userId, e) {
      const [before, after] = [e.before as { name: string }, e.after as { name: string }];
      await renameReason(db, userId, e.entityId!, before.name, (current) => {
        if (current !== after.name) throw changedSince();
      });
      return `The reason is named ${before.name} again.`;
    },
  },
  // Retiring and restoring refuse a reason already in the state asked for: that is a change since.
  retire: {
    permission: 'cancellation-reasons.manage',
    async revert(db, userId, e) {
      const reason = await setReasonActive(db, userId, e.entityId!, true);
      return `${reason.name} is back in the picker.`;
    },
  },
  restore: {
    permission: 'cancellation-reasons.manage',
    async revert(db, userId, e) {
      const reason = await setReasonActive(db, userId, e.entityId!, false);
      return `${reason.name} is retired again.`;
    },
  },
  'settings.updated': {
    permission: 'settings.manage',
    async revert(db, userId, e) {
      const current = await getLookupEmailSettings(db);
      unlessStill(e.after as LookupEmailSettings, SETTINGS_FIELDS)(current);
      // Before the first save the defaults were in effect.
      const before = (e.before as LookupEmailSettings | null) ?? DEFAULT_LOOKUP_EMAIL;
      // Saved over the version just read: a save in between is refused (409), as any save is.
      await saveLookupEmailSettings(db, userId, { ...pick(before, SETTINGS_FIELDS), version: current.updatedAt });
      return 'The lookup e-mail settings are back as they were.';
    },
  },
  set_cancellation_reason: {
    permission: 'subscriptions.manage',
    async revert(db, userId, e) {
      const [before, after] = [e.before as Reason, e.after as Reason];
      // What the entry set is the expected reason: a reason recorded since is refused (409), as in the PATCH.
      const body = {
        cancellation_reason_id: before.cancellation_reason_id,
        expected_cancellation_reason_id: after.cancellation_reason_id,
      };
      if (e.entityType === 'subscription') await recordSubscriptionReason(db, userId, e.entityId!, body);
      else await recordCancellationReason(db, userId, e.entityId!, body);
      return before.cancellation_reason
        ? `The reason is ${before.cancellation_reason} again.`
        : 'The reason is cleared again.';
    },
  },
};

function reverterOf(entry: Entry, user: CurrentUser) {
  const reverter = isReversible(entry.action) && entry.entityId !== null ? REVERTERS[entry.action] : undefined;
  if (!reverter) throw new ActionError(REVERT_MESSAGES.notReversible);
  if (!can(user.role, reverter.permission)) throw new ForbiddenError();
  return reverter;
}

/**
 * Puts an entry's `before` back through its service and, in the same transaction, writes that the change was taken
 * back: the record's latest entry is then the taking back, which no Undo takes back in turn (a second Undo, even one
 * sent at the same moment, finds nothing of the caller's to undo instead of redoing the change).
 */
function takeBack(db: Db, user: CurrentUser, entry: Entry): Promise<RevertResult> {
  const reverter = reverterOf(entry, user);
  return db.transaction(async (tx) => {
    // The rule the audit log shows Revert by; the service's own guard below still catches a change made meanwhile.
    const refusal = await revertRefusalOf(tx, entry);
    if (refusal) throw new ActionError(REVERT_MESSAGES[refusal], 409);
    const message = await reverter.revert(tx, user.id, entry);
    await recordAudit(tx, {
      userId: user.id,
      action: 'change.reverted',
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: { entryId: entry.id, action: entry.action },
    });
    return { message };
  });
}

/** An Administrator puts back what an entry of the log recorded as before (POST /admin/api/audit-log/{id}/revert). */
export async function revertEntry(db: Db, user: CurrentUser, id: number): Promise<RevertResult> {
  const entry = await auditEntryById(db, id);
  if (!entry) throw new ActionError(`Audit entry ${id} was not found.`, 404);
  return takeBack(db, user, entry);
}

/**
 * The Undo of a toast: the caller's own latest change of the record, if it is still the record's latest and
 * recent; anything else (someone changed it since, an old change) is refused with nothing changed.
 */
export async function undoLatest(
  db: Db,
  user: CurrentUser,
  entityType: string,
  entityId: number,
  now: number,
): Promise<RevertResult> {
  const entry = await latestAuditEntryOf(db, entityType, entityId);
  if (
    !entry ||
    entry.userId !== user.id ||
    !isReversible(entry.action) ||
    now - entry.createdAt.getTime() > UNDO_WINDOW_MS
  )
    throw new ActionError(REVERT_MESSAGES.nothingToUndo, 409);
  return takeBack(db, user, entry);
}
