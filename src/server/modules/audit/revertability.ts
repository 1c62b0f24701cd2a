import type { Db } from '../../db/types';
import { isReversible, type REVERT_MESSAGES } from '../../../contract/revert';
import { revertFacts } from './audit.queries';
import { recordsNow, type RecordNow, type RecordRef } from './record-names';

/** Why Revert would refuse an entry now: the key of its message. */
export type RevertRefusal = Exclude<keyof typeof REVERT_MESSAGES, 'nothingToUndo'>;

export interface RevertCandidate extends RecordRef {
  id: number;
  action: string;
}

/**
 * Why Revert would refuse each of some entries, read in one query whatever their number: the page shows Revert
 * where this is null, and the revert itself asks again inside its transaction, so both apply one rule (ADR 048).
 * Only a record's latest change is put back; a change taken back already (by an Undo or a Revert) is not again.
 */
export async function revertRefusals(
  db: Db,
  entries: RevertCandidate[],
  recordNow: (ref: RecordRef) => RecordNow,
): Promise<(entry: RevertCandidate) => RevertRefusal | null> {
  const reversible = entries.filter((e) => isReversible(e.action) && e.entityId !== null);
  const facts = new Map(
    (
      await revertFacts(
        db,
        reversible.map((e) => e.id),
      )
    ).map((f) => [f.id, f]),
  );
  return (entry) => {
    const f = facts.get(entry.id);
    if (!f) return 'notReversible';
    if (f.takenBack) return 'takenBack';
    if (recordNow(entry).gone) return 'recordGone';
    return f.changedSince ? 'changedSince' : null;
  };
}

/** Why Revert would refuse one entry now, or null when it would put it back. */
export async function revertRefusalOf(db: Db, entry: RevertCandidate): Promise<RevertRefusal | null> {
  const refusal = await revertRefusals(db, [entry], await recordsNow(db, [entry]));
  return refusal(entry);
}
