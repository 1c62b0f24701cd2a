import { z } from './zod';
import { endpoint } from './endpoint';
import { id } from './primitives';
import type { Topic } from './topics';

/** The changes that can be taken back: each puts back what its audit entry recorded as `before`. */
export const REVERSIBLE_ACTIONS = [
  'set_cancellation_reason',
  'supplier.updated',
  'container.updated',
  'rename',
  'retire',
  'restore',
  'settings.updated',
] as const;
export type ReversibleAction = (typeof REVERSIBLE_ACTIONS)[number];
export const isReversible = (action: string): action is ReversibleAction =>
  (REVERSIBLE_ACTIONS as readonly string[]).includes(action);

/** How long after a change its author may take it back from its toast (shown for 10 s; slack for a slow answer). */
export const UNDO_WINDOW_MS = 60_000;

export const UNDO_RECORD_TYPES = [
  'supplier',
  'container',
  'subscription',
  'subscription_cancellation',
  'cancellation_reason',
  'settings.lookup_email',
] as const;
export type UndoRecordType = (typeof UNDO_RECORD_TYPES)[number];

/** What taking a change back can change: the records of UNDO_RECORD_TYPES, and the history it is written to. */
const REVERSIBLE = [
  'suppliers',
  'parcel-containers',
  'subscriptions',
  'cancellation-reasons',
  'settings',
  'audit',
] as const satisfies readonly Topic[];

export const REVERT_MESSAGES = {
  nothingToUndo: 'There is no change of yours to undo here: it is too old, or someone has changed this since.',
  notReversible: 'This change cannot be reverted.',
  changedSince: 'This record has changed since; nothing was reverted.',
  takenBack: 'This change has already been taken back; nothing was reverted.',
  recordGone: 'This record no longer exists; nothing was reverted.',
} as const;

export const revertResult = z.object({ message: z.string() });
export type RevertResult = z.infer<typeof revertResult>;

export const revertEndpoints = {
  undo: endpoint({
    method: 'POST',
    path: '/admin/api/undo',
    body: z.strictObject({
      entityType: z.enum(UNDO_RECORD_TYPES, { error: 'The record type cannot be undone.' }),
      entityId: id(),
    }),
    response: revertResult,
    access: 'signed-in',
    changes: REVERSIBLE,
    summary: `Takes back the caller's latest change of a record when it is reversible, at most ${UNDO_WINDOW_MS / 1000} s old and still the record's latest; needs the permission the change needed.`,
  }),
  revert: endpoint({
    method: 'POST',
    path: '/admin/api/audit-log/:id/revert',
    params: z.object({ id: id() }),
    response: revertResult,
    access: 'audit.view',
    changes: REVERSIBLE,
    summary:
      'Puts back what a reversible audit entry recorded as before, when the record is still as the entry left it.',
  }),
};
