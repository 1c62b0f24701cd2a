import type { Db, Tx } from '../../db/types';
import type { subscriptionCancellations, subscriptions } from '../../db/schema';
import { ActionError, NotFoundError } from '../../http/errors';
import { recordAudit } from '../audit';
import { pickableReason, reasonName } from '../cancellation-reasons';
import {
  reasonAlreadyRecordedMessage,
  SUBSCRIPTION_NOT_FOUND_MESSAGE,
  type SetReasonBody,
  type SetReasonResponse,
} from '../../../contract/subscriptions';
import {
  lockCurrentCancellation,
  lockSubscription,
  setCancellationReasonId,
  setSubscriptionReasonId,
} from './subscriptions.queries';

export const SET_REASON_ACTION = 'set_cancellation_reason';

type SubscriptionRecord = typeof subscriptions.$inferSelect;
type CancellationRecord = typeof subscriptionCancellations.$inferSelect;

async function reasonSnapshot(tx: Tx, reasonId: number) {
  return { cancellation_reason_id: reasonId, cancellation_reason: await reasonName(tx, reasonId) };
}

/**
 * Refuses when the client said which reason it saw and another user has since recorded a different one:
 * of two staff picking for the same row at once, exactly one wins. Picking what is already there is a no-op.
 */
export async function refuseIfChangedMeanwhile(
  tx: Tx,
  what: 'subscription' | 'cancellation',
  current: number,
  body: SetReasonBody,
) {
  const expected = body.expected_cancellation_reason_id;
  if (expected === undefined || current === expected || current === body.cancellation_reason_id) return;
  throw new ActionError(reasonAlreadyRecordedMessage(what, (await reasonName(tx, current)) ?? 'no reason'), 409);
}

export async function applyReasonToSubscription(tx: Tx, userId: number, row: SubscriptionRecord, reasonId: number) {
  if (row.cancellationReasonId === reasonId) return;
  await setSubscriptionReasonId(tx, row.id, reasonId);
  await recordAudit(tx, {
    userId,
    action: SET_REASON_ACTION,
    entityType: 'subscription',
    entityId: row.id,
    before: await reasonSnapshot(tx, row.cancellationReasonId),
    after: await reasonSnapshot(tx, reasonId),
  });
}

export async function applyReasonToCancellation(tx: Tx, userId: number, row: CancellationRecord, reasonId: number) {
  if (row.cancellationReasonId === reasonId) return;
  await setCancellationReasonId(tx, row.id, reasonId);
  await recordAudit(tx, {
    userId,
    action: SET_REASON_ACTION,
    entityType: 'subscription_cancellation',
    entityId: row.id,
    before: await reasonSnapshot(tx, row.cancellationReasonId),
    after: await reasonSnapshot(tx, reasonId),
  });
}

/**
 * Records the reason a subscription was cancelled (§7 PATCH /admin/subscriptions/{id}). A cancelled
 * subscription's reason and that of the cancellation that ended it are one fact, so both are kept equal
 * (docs/decisions: cancellation reasons).
 */
export function recordSubscriptionReason(
  db: Db,
  userId: number,
  subscriptionId: number,
  body: SetReasonBody,
): Promise<SetReasonResponse> {
  return db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, subscriptionId);
    if (!subscription) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND_MESSAGE);
    const reasonId = body.cancellation_reason_id;
    await pickableReason(tx, reasonId);
    await refuseIfChangedMeanwhile(tx, 'subscription', subscription.cancellationReasonId, body);
    await applyReasonToSubscription(tx, userId, subscription, reasonId);
    if (subscription.status === 'cancelled') {
      const cancellation = await lockCurrentCancellation(tx, subscription.id);
      if (cancellation) await applyReasonToCancellation(tx, userId, cancellation, reasonId);
    }
    return { id: subscription.id, cancellation_reason_id: reasonId };
  });
}
