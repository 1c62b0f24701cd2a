import type pg from 'pg';

/** What each connection of the app's pools sets as it opens. */
export interface ConnectionSettings {
  /** The server cancels a statement running longer (STATEMENT_TIMEOUT_MS); 0 or unset = no limit. */
  statementTimeoutMs?: number;
  /** Parallel workers a statement may use (DATABASE_PARALLEL_WORKERS); unset = the server's own setting. */
  parallelWorkers?: number;
}

/**
 * The settings as a pool sends them when a connection opens; behind PgBouncer, set them on the role instead (ADR
 * 015). Parallel workers make one large statement faster by taking cores from every other request: on a small
 * machine a slow search then held the rest back (ADR 044).
 */
export const sessionSettings = (settings: ConnectionSettings): pg.PoolConfig => ({
  ...(settings.statementTimeoutMs ? { statement_timeout: settings.statementTimeoutMs } : {}),
  ...(settings.parallelWorkers !== undefined
    ? { options: `-c max_parallel_workers_per_gather=${settings.parallelWorkers}` }
    : {}),
});
