import type { Db, Tx } from '../../db/types';
import { ActionError, FieldErrors, NotFoundError } from '../../http/errors';
import { recordAudit } from '../audit';
import {
  REASON_NAME_TAKEN_MESSAGE,
  REASON_NOT_FOUND_MESSAGE,
  REASON_ORDER_STALE_MESSAGE,
  reasonAlreadyMessage,
  reasonInUseMessage,
  type CancellationReason,
  type CreateReasonBody,
} from '../../../contract/cancellation-reasons';
import { RETIRED_REASON_MESSAGE, UNKNOWN_REASON_MESSAGE } from '../../../contract/subscriptions';
import {
  deleteReasonRow,
  findReasonByName,
  insertReason,
  isReasonInUse,
  listReasons,
  lockReason,
  lockReasonList,
  orderedReasonIds,
  shareLockReason,
  updateReason,
  writePositions,
} from './cancellation-reasons.queries';

export const REASON_ENTITY = 'cancellation_reason';

async function reasonView(tx: Tx, id: number): Promise<CancellationReason> {
  const row = (await listReasons(tx)).find((r) => r.id === id);
  if (!row) throw new NotFoundError(REASON_NOT_FOUND_MESSAGE);
  return row;
}

async function refuseTakenName(tx: Tx, name: string, exceptId?: number) {
  const taken = await findReasonByName(tx, name);
  if (taken && taken.id !== exceptId) throw new FieldErrors({ name: [REASON_NAME_TAKEN_MESSAGE] });
}

/** Gives the reasons positions 1..n in the order of `ids`, auditing each one that moves. */
async function applyOrder(tx: Tx, userId: number, current: { id: number; position: number }[], ids: number[]) {
  const before = new Map(current.map((r) => [r.id, r.position]));
  const moved = ids.map((id, i) => ({ id, position: i + 1 })).filter((p) => before.get(p.id) !== p.position);
  await writePositions(tx, moved);
  for (const p of moved) {
    await recordAudit(tx, {
      userId,
      action: 'reorder',
      entityType: REASON_ENTITY,
      entityId: p.id,
      before: { position: before.get(p.id) ?? null },
      after: { position: p.position },
    });
  }
}

export function createReason(db: Db, userId: number, body: CreateReasonBody): Promise<CancellationReason> {
  return db.transaction(async (tx) => {
    await lockReasonList(tx);
    await refuseTakenName(tx, body.name);
    const current = await orderedReasonIds(tx);
    const row = await insertReason(tx, body.name, current.length + 1);
    const ids = current.map((r) => r.id);
    const index = Math.min((body.position ?? ids.length + 1) - 1, ids.length);
    ids.splice(index, 0, row.id);
    await applyOrder(tx, userId, [...current, { id: row.id, position: row.position }], ids);
    const created = await reasonView(tx, row.id);
    await recordAudit(tx, {
      userId,
      action: 'create',
      entityType: REASON_ENTITY,
      entityId: row.id,
      after: { name: created.name, position: created.position },
    });
    return created;
  });
}

/** `unless` sees the reason's name as it is, locked, and may refuse the change (a revert of a rename since changed). */
export function renameReason(
  db: Db,
  userId: number,
  reasonId: number,
  name: string,
  unless?: (currentName: string) => void,
): Promise<CancellationReason> {
  return db.transaction(async (tx) => {
    await lockReasonList(tx);
    const reason = await lockReason(tx, reasonId);
    if (!reason) throw new NotFoundError(REASON_NOT_FOUND_MESSAGE);
    unless?.(reason.name);
    await refuseTakenName(tx, name, reasonId);
    if (reason.name !== name) {
      await updateReason(tx, reasonId, { name });
      await recordAudit(tx, {
        userId,
        action: 'rename',
        entityType: REASON_ENTITY,
        entityId: reasonId,
        before: { name: reason.name },
        after: { name },
      });
    }
    return reasonView(tx, reasonId);
  });
}

export function reorderReasons(db: Db, userId: number, ids: number[]): Promise<CancellationReason[]> {
  return db.transaction(async (tx) => {
    await lockReasonList(tx);
    const current = await orderedReasonIds(tx);
    const known = new Set(current.map((r) => r.id));
    if (ids.length !== current.length || !ids.every((id) => known.has(id)))
      throw new ActionError(REASON_ORDER_STALE_MESSAGE, 409);
    await applyOrder(tx, userId, current, ids);
    return listReasons(tx);
  });
}

/** Retiring takes a reason out of the picker; restoring puts it back. Recorded reasons are untouched. */
export function setReasonActive(
  db: Db,
  userId: number,
  reasonId: number,
  active: boolean,
): Promise<CancellationReason> {
  return db.transaction(async (tx) => {
    const reason = await lockReason(tx, reasonId);
    if (!reason) throw new NotFoundError(REASON_NOT_FOUND_MESSAGE);
    if (reason.active === active)
      throw new ActionError(reasonAlreadyMessage(reason.name, active ? 'active' : 'retired'), 409);
    await updateReason(tx, reasonId, { active });
    await recordAudit(tx, {
      userId,
      action: active ? 'restore' : 'retire',
      entityType: REASON_ENTITY,
      entityId: reasonId,
      before: { active: reason.active },
      after: { active },
    });
    return reasonView(tx, reasonId);
  });
}

/** Only a reason never recorded anywhere can be deleted; history must keep the names it shows. */
export function deleteReason(db: Db, userId: number, reasonId: number): Promise<void> {
  return db.transaction(async (tx) => {
    await lockReasonList(tx);
    const reason = await lockReason(tx, reasonId);
    if (!reason) throw new NotFoundError(REASON_NOT_FOUND_MESSAGE);
    if (await isReasonInUse(tx, reasonId)) throw new ActionError(reasonInUseMessage(reason.name), 409);
    await deleteReasonRow(tx, reasonId);
    await recordAudit(tx, {
      userId,
      action: 'delete',
      entityType: REASON_ENTITY,
      entityId: reasonId,
      before: { name: reason.name, position: reason.position, active: reason.active },
    });
  });
}

/**
 * The reason a PATCH wants to record: 0 (none), or an existing, active reason, share-locked until the
 * transaction ends. Anything else is refused as a field error of `cancellation_reason_id`.
 */
export async function pickableReason(tx: Tx, reasonId: number) {
  if (reasonId === 0) return null;
  const reason = await shareLockReason(tx, reasonId);
  if (!reason) throw new FieldErrors({ cancellation_reason_id: [UNKNOWN_REASON_MESSAGE] });
  if (!reason.active) throw new FieldErrors({ cancellation_reason_id: [RETIRED_REASON_MESSAGE] });
  return reason;
}
