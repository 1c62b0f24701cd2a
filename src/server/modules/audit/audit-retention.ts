import type { Db } from '../../db/types';
import { yieldToRequests } from '../../http/yield-to-requests';
import { deleteAuditBatch } from './audit.queries';

/** Entries deleted by one statement: a short transaction, and a short wait for anything else on those rows. */
export const RETENTION_BATCH = 5_000;
const DAY_MS = 86_400_000;

export interface RetentionOptions {
  batchSize?: number;
  /** Aborted when the server closes: the run stops between two batches. */
  signal?: AbortSignal;
  /** Awaited between two batches: by default until the event loop has time to spare for requests. */
  pause?: () => Promise<void>;
}

export interface RetentionResult {
  deleted: number;
  batches: number;
}

/**
 * Deletes the audit entries older than `before`, a batch per statement, each its own transaction, pausing between
 * batches so requests keep their share of the process and of the database.
 */
export async function deleteAuditEntriesBefore(
  db: Db,
  before: Date,
  { batchSize = RETENTION_BATCH, signal, pause = () => yieldToRequests() }: RetentionOptions = {},
): Promise<RetentionResult> {
  const result: RetentionResult = { deleted: 0, batches: 0 };
  while (!signal?.aborted) {
    const deleted = await deleteAuditBatch(db, before, batchSize);
    result.deleted += deleted;
    result.batches += 1;
    if (deleted < batchSize) break;
    await pause();
  }
  return result;
}

/** The daily job of AUDIT_RETENTION_DAYS (ADR 030): entries older than that many days are deleted. */
export const auditRetentionJob =
  (db: Db, days: number, now: () => number = Date.now) =>
  (signal: AbortSignal): Promise<RetentionResult> =>
    deleteAuditEntriesBefore(db, new Date(now() - days * DAY_MS), { signal });
