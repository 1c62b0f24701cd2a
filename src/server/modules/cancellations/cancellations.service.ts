import type { Db } from '../../db/types';
import { NotFoundError } from '../../http/errors';
import { pickableReason } from '../cancellation-reasons';
import {
  applyReasonToCancellation,
  applyReasonToSubscription,
  lockCurrentCancellation,
  lockSubscription,
  refuseIfChangedMeanwhile,
} from '../subscriptions';
import {
  CANCELLATION_NOT_FOUND_MESSAGE,
  type SetReasonBody,
  type SetReasonResponse,
} from '../../../contract/subscriptions';
import { findCancellation, lockCancellationById } from './cancellations.queries';

/**
 * Records the reason of one cancellation (§7 PATCH /admin/subscription-cancellations/{id}). When it is the
 * cancellation that ended a still-cancelled subscription, the subscription gets the same reason.
 * Locks go subscription first, then cancellation, as in the subscription PATCH, so the two never deadlock.
 */
export function recordCancellationReason(
  db: Db,
  userId: number,
  cancellationId: number,
  body: SetReasonBody,
): Promise<SetReasonResponse> {
  return db.transaction(async (tx) => {
    const found = await findCancellation(tx, cancellationId);
    if (!found) throw new NotFoundError(CANCELLATION_NOT_FOUND_MESSAGE);
    const subscription = await lockSubscription(tx, found.subscriptionId);
    const current = subscription ? await lockCurrentCancellation(tx, subscription.id) : undefined;
    const cancellation = current?.id === cancellationId ? current : await lockCancellationById(tx, cancellationId);
    if (!subscription || !cancellation) throw new NotFoundError(CANCELLATION_NOT_FOUND_MESSAGE);

    const reasonId = body.cancellation_reason_id;
    await pickableReason(tx, reasonId);
    await refuseIfChangedMeanwhile(tx, 'cancellation', cancellation.cancellationReasonId, body);
    await applyReasonToCancellation(tx, userId, cancellation, reasonId);
    if (current?.id === cancellation.id && subscription.status === 'cancelled') {
      await applyReasonToSubscription(tx, userId, subscription, reasonId);
    }
    return { id: cancellation.id, cancellation_reason_id: reasonId };
  });
}
