import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** How a connection pool is used at a moment (the metrics read it). */
export interface PoolUse {
  /** `primary`, a replica's name (`replica 1`), or `embedded` for PGlite. */
  name: string;
  /** Connections it may open. */
  max: number;
  /** Connections running a query or held by a transaction. */
  inUse: number;
  /** Calls waiting for a connection. */
  waiting: number;
}

/** A node-postgres pool's use. */
export const poolUse = (name: string, pool: pg.Pool): PoolUse => ({
  name,
  max: pool.options.max,
  inUse: pool.totalCount - pool.idleCount,
  waiting: pool.waitingCount,
});

/**
 * The embedded database as a pool of one connection. Its query, exec and transaction (Drizzle calls nothing
 * else) each wait for that connection in turn, so of the calls taken and not yet answered, one runs and the
 * others wait. They are counted as they come and go.
 */
export function pgliteUse(client: PGlite): () => PoolUse {
  let open = 0;
  const counted = <F extends (...args: never[]) => Promise<unknown>>(own: F): F =>
    ((...args: Parameters<F>) => {
      open++;
      return own(...args).finally(() => open--);
    }) as F;
  client.query = counted(client.query.bind(client));
  client.exec = counted(client.exec.bind(client));
  client.transaction = counted(client.transaction.bind(client));
  return () => ({ name: 'embedded', max: 1, inUse: Math.min(open, 1), waiting: Math.max(open - 1, 0) });
}
