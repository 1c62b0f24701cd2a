import { z } from './zod';
import { endpoint } from './endpoint';
import { id, int, MAX_INT4, text } from './primitives';

export const REASON_NAME_MAX = 100;
export const REASON_NAME_TAKEN_MESSAGE = 'The name has already been taken.';
export const REASON_ORDER_STALE_MESSAGE =
  'The list of cancellation reasons has changed since this page was loaded. Reload the page and try again.';
export const reasonInUseMessage = (name: string) =>
  `"${name}" is recorded on subscriptions, so it cannot be deleted. Retire it instead: it leaves the picker and stays on history and charts.`;
export const reasonAlreadyMessage = (name: string, state: 'retired' | 'active') =>
  state === 'retired' ? `"${name}" is already retired.` : `"${name}" is already in the picker.`;
export const REASON_NOT_FOUND_MESSAGE = 'Cancellation reason not found.';

const reasonName = text({ label: 'name', max: REASON_NAME_MAX });

const reasonIdParams = z.object({
  reasonId: id(`The reason id must be a whole number from 1 to ${MAX_INT4}.`),
});

export const REASON_POSITION_MAX = 10_000;

/** A new reason goes at `position` (1 = first in the picker), or last when no position is given. */
export const createReasonBody = z.strictObject({
  name: reasonName,
  position: int({
    min: 1,
    max: REASON_POSITION_MAX,
    message: `The position must be a whole number from 1 to ${REASON_POSITION_MAX}.`,
  }).optional(),
});
export type CreateReasonBody = z.infer<typeof createReasonBody>;

export const renameReasonBody = z.strictObject({ name: reasonName });

/** The whole list of reason ids in their new order; positions become 1..n in one step. */
export const reorderReasonsBody = z.strictObject({
  ids: z
    .array(id(`Each id must be a whole number from 1 to ${MAX_INT4}.`), { error: 'The ids field is required.' })
    .min(1, 'The ids field is required.')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each reason may appear only once.'),
});

export const cancellationReason = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  /** Retired reasons are not offered by the picker but keep their name on history and charts. */
  active: z.boolean(),
  /** Recorded on a subscription or cancellation: it can then be retired but not deleted. */
  inUse: z.boolean(),
});
export type CancellationReason = z.infer<typeof cancellationReason>;

const reasonList = z.array(cancellationReason);
const REASONS = '/admin/api/cancellation-reasons';
const REASON = `${REASONS}/:reasonId`;

export const cancellationReasonEndpoints = {
  list: endpoint({
    method: 'GET',
    path: REASONS,
    response: reasonList,
    access: 'subscriptions.view',
    reads: ['cancellation-reasons', 'subscriptions'],
    summary: 'Every cancellation reason, retired ones included, in picker order.',
  }),
  create: endpoint({
    method: 'POST',
    path: REASONS,
    body: createReasonBody,
    response: cancellationReason,
    status: 201,
    access: 'cancellation-reasons.manage',
    changes: ['cancellation-reasons', 'audit'],
    summary: 'Adds a reason at a position in the picker (last by default).',
  }),
  reorder: endpoint({
    method: 'PUT',
    path: `${REASONS}/order`,
    body: reorderReasonsBody,
    response: reasonList,
    access: 'cancellation-reasons.manage',
    changes: ['cancellation-reasons', 'audit'],
    summary: 'Puts every reason in the order given; refused (409) if the list changed meanwhile.',
  }),
  rename: endpoint({
    method: 'PATCH',
    path: REASON,
    params: reasonIdParams,
    body: renameReasonBody,
    response: cancellationReason,
    access: 'cancellation-reasons.manage',
    changes: ['cancellation-reasons', 'audit'],
    summary: 'Renames a reason; names are unique whatever their case.',
  }),
  retire: endpoint({
    method: 'POST',
    path: `${REASON}/retire`,
    params: reasonIdParams,
    response: cancellationReason,
    access: 'cancellation-reasons.manage',
    changes: ['cancellation-reasons', 'audit'],
    summary: 'Takes a reason out of the picker; rows that have it keep it.',
  }),
  restore: endpoint({
    method: 'POST',
    path: `${REASON}/restore`,
    params: reasonIdParams,
    response: cancellationReason,
    access: 'cancellation-reasons.manage',
    changes: ['cancellation-reasons', 'audit'],
    summary: 'Puts a retired reason back in the picker.',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: REASON,
    params: reasonIdParams,
    access: 'cancellation-reasons.manage',
    changes: ['cancellation-reasons', 'audit'],
    summary: 'Deletes a reason never recorded anywhere; one in use is refused (409): retire it instead.',
  }),
};
