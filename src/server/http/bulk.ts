import type { FastifyBaseLogger } from 'fastify';
import { BULK_ITEM_FAILED, type BulkResult } from '../../contract/bulk';

const refusal = (err: unknown): string | undefined => {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? (err as Error).message : undefined;
};

/**
 * Applies a change to each id in turn, each in the transaction `apply` opens for it, so one refused row leaves the
 * rows before and after it done. A refusal (4xx) is reported with its own message; any other failure is logged
 * and reported as such, and the next rows still run.
 */
export async function eachOnItsOwn(
  ids: readonly number[],
  log: FastifyBaseLogger,
  apply: (id: number) => Promise<unknown>,
): Promise<BulkResult> {
  const result: BulkResult = { done: [], failed: [] };
  for (const id of ids) {
    try {
      await apply(id);
      result.done.push(id);
    } catch (err) {
      const message = refusal(err);
      if (message === undefined) log.error({ err, id }, 'a row of a bulk action failed');
      result.failed.push({ id, message: message ?? BULK_ITEM_FAILED });
    }
  }
  return result;
}
