import { z } from 'zod';

export const cancellationReasonPaths = {
  list: '/admin/api/cancellation-reasons',
  order: '/admin/api/cancellation-reasons/order',
  item: '/admin/api/cancellation-reasons/:reasonId',
  retire: '/admin/api/cancellation-reasons/:reasonId/retire',
  restore: '/admin/api/cancellation-reasons/:reasonId/restore',
} as const;

export const cancellationReasonUrls = {
  item: (id: number) => `/admin/api/cancellation-reasons/${id}`,
  retire: (id: number) => `/admin/api/cancellation-reasons/${id}/retire`,
  restore: (id: number) => `/admin/api/cancellation-reasons/${id}/restore`,
};

export const REASON_NAME_MAX = 100;
export const REASON_NAME_TAKEN_MESSAGE = 'The name has already been taken.';
export const REASON_ORDER_STALE_MESSAGE =
  'The list of cancellation reasons has changed since this page was loaded. Reload the page and try again.';
export const reasonInUseMessage = (name: string) =>
  `"${name}" is recorded on subscriptions, so it cannot be deleted. Retire it instead: it leaves the picker and stays on history and charts.`;
export const reasonAlreadyMessage = (name: string, state: 'retired' | 'active') =>
  state === 'retired' ? `"${name}" is already retired.` : `"${name}" is already in the picker.`;
export const REASON_NOT_FOUND_MESSAGE = 'Cancellation reason not found.';

const reasonName = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(REASON_NAME_MAX, `The name may not be longer than ${REASON_NAME_MAX} characters.`);

export const reasonIdParams = z.object({
  reasonId: z.coerce.number({ error: 'The reason id must be a number.' }).int().positive().max(2_147_483_647),
});

/** A new reason goes at `position` (1 = first in the picker), or last when no position is given. */
export const createReasonBody = z.strictObject({
  name: reasonName,
  position: z
    .number({ error: 'The position must be a whole number.' })
    .int('The position must be a whole number.')
    .min(1, 'The position must be at least 1.')
    .max(10_000, 'The position may not be greater than 10000.')
    .optional(),
});
export type CreateReasonBody = z.infer<typeof createReasonBody>;

export const renameReasonBody = z.strictObject({ name: reasonName });
export type RenameReasonBody = z.infer<typeof renameReasonBody>;

/** The whole list of reason ids in their new order; positions become 1..n in one step. */
export const reorderReasonsBody = z.strictObject({
  ids: z
    .array(z.number({ error: 'Each id must be a number.' }).int('Each id must be a whole number.').positive(), {
      error: 'The ids field is required.',
    })
    .min(1, 'The ids field is required.')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each reason may appear only once.'),
});
export type ReorderReasonsBody = z.infer<typeof reorderReasonsBody>;

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
