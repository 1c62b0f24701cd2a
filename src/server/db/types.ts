import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';
import type { PoolUse } from './pool-use';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: services take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type ReplicaState = 'ok' | 'lagging' | 'down';

export interface ReplicaStatus {
  name: string;
  status: ReplicaState;
  /** How far behind the primary it was at the last check; null while down. */
  lagMs: number | null;
}

/** The read replicas as the app uses them; db/replicas.ts checks and picks them. */
export interface Replicas {
  /**
   * A replica for a read, or undefined for the primary: one that is up, within the lag bound and, when the
   * caller wrote at `after`, has replayed that far (read-your-writes).
   */
  pick(after: bigint | null): Db | undefined;
  /** The primary's WAL position now: a write acknowledged before this call is at or before it. */
  primaryPosition(): Promise<bigint>;
  status(): ReplicaStatus[];
}

export interface Database {
  /** With replicas, each request's reads go where `route` sends them (read-routing.ts); else the primary. */
  db: Db;
  /** Always the primary: for what must never read a replica (sessions, whose hooks run inside requests). */
  primary: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself, when it is PGlite (a backup copies it). */
  embedded?: PGlite;
  /** DATABASE_REPLICA_URLS, when set. */
  replicas?: Replicas;
  /** Answers when the database does; used by /ready. */
  ping(): Promise<void>;
  /** Each pool's use now: the primary's, then each replica's. */
  pools(): PoolUse[];
  close(): Promise<void>;
}
