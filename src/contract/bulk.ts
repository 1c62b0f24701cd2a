import { z } from './zod';
import { id, MAX_INT4 } from './primitives';

/** How many rows one bulk action takes: a page of a list at most, so one request stays short. */
export const BULK_MAX = 100;

/** The rows a bulk action applies to: distinct ids, 1 to BULK_MAX of them. */
export const bulkIds = z
  .array(id(`Each id must be a whole number from 1 to ${MAX_INT4}.`), { error: 'The ids must be a list of row ids.' })
  .min(1, 'Choose at least one row.')
  .max(BULK_MAX, `Choose at most ${BULK_MAX} rows at a time.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each row may be chosen once.');

/**
 * What a bulk action did: each row is changed in a transaction of its own, so a row that is refused leaves the
 * others done; `failed` says why for each row that was not changed.
 */
export const bulkResult = z.object({
  done: z.array(z.number()),
  failed: z.array(z.object({ id: z.number(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResult>;

/** Said of a row whose change failed for a reason of the server's own (the error is logged). */
export const BULK_ITEM_FAILED = 'This row could not be changed; nothing was changed for it. Please try again.';
