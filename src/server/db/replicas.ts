import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Replicas, ReplicaState, ReplicaStatus } from './types';
import { poolUse, type PoolUse } from './pool-use';
import * as schema from './schema';
import { sessionSettings, type ConnectionSettings } from './connection-settings';

/** A WAL position ("16/B374D848") as a number that compares; null for anything else. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = text ? /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`) : null;
}

export const formatLsn = (lsn: bigint) =>
  `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;

/** Errors after which the statement never ran to an answer on that server: safe to run a read again elsewhere. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, or shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
  '40001', // on a standby: cancelled by a conflict with recovery
]);

function unavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return (
    !!e && (UNAVAILABLE_CODES.has(e.code ?? '') || /Connection terminated|connection timeout/i.test(e.message ?? ''))
  );
}

/**
 * A replica's statements run again on the primary when the replica cannot answer them (down, restarting, a
 * recovery conflict), so a replica that stops costs no failed request. Only reads are sent to replicas.
 * Drizzle calls the promise forms; the callback forms (pg's own query uses connect's) are left as they are.
 */
function failOverTo(replica: pg.Pool, primary: pg.Pool, onDown: (err: unknown) => void): void {
  type Call = (...args: unknown[]) => Promise<unknown>;
  const again = (err: unknown, retry: () => Promise<unknown>) => {
    if (!unavailable(err)) throw err;
    onDown(err);
    return retry();
  };
  const wrap =
    (own: Call, fallback: Call) =>
    (...args: unknown[]) =>
      typeof args.at(-1) === 'function'
        ? own(...args)
        : own(...args).catch((err: unknown) => again(err, () => fallback(...args)));
  replica.query = wrap(
    replica.query.bind(replica) as Call,
    primary.query.bind(primary) as Call,
  ) as typeof replica.query;
  replica.connect = wrap(
    replica.connect.bind(replica) as Call,
    primary.connect.bind(primary) as Call,
  ) as typeof replica.connect;
}

interface Replica {
  name: string;
  pool: pg.Pool;
  /** The pool's own query, without the fallback to the primary: how the replica itself is checked. */
  probe: pg.Pool['query'];
  db: Db;
  state: ReplicaState;
  /** Replayed WAL position at the last check; null on a server that is not a standby (it is always current). */
  replayed: bigint | null;
  lagMs: number | null;
}

export interface ReplicaOptions extends ConnectionSettings {
  /** A replica further behind than this is skipped (REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  poolSize: number;
  /** How often replicas are looked at. */
  checkEveryMs?: number;
}

/** How long primary positions are remembered: a replica behind all of them is lagging by at least this. */
const HISTORY_MS = 60_000;

/**
 * The read replicas (DATABASE_REPLICA_URLS), checked a few times a second: each one's replayed WAL position is
 * compared with the positions the primary had, which gives its lag in time. `pick` chooses among those that are
 * up, within the lag bound and past the caller's own last write.
 */
export class ReplicaSet implements Replicas {
  private readonly replicas: Replica[];
  /** The primary's WAL insert position over the last minute, oldest first. */
  private history: { at: number; lsn: bigint }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private next = 0;

  constructor(
    urls: string[],
    private readonly primary: pg.Pool,
    private readonly opts: ReplicaOptions,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.replicas = urls.map((url, i) => {
      const pool = new pg.Pool({
        connectionString: url,
        max: opts.poolSize,
        ...sessionSettings(opts),
      });
      pool.on('error', (err) => log?.warn({ err }, 'idle replica client failed'));
      const replica: Replica = {
        name: `replica ${i + 1}`,
        pool,
        probe: pool.query.bind(pool) as pg.Pool['query'],
        db: drizzle(pool, { schema }),
        state: 'down',
        replayed: null,
        lagMs: null,
      };
      failOverTo(pool, primary, (err) => this.markDown(replica, err));
      return replica;
    });
  }

  /** Checks every replica now, then keeps checking in the background. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.opts.checkEveryMs ?? 250);
    this.timer.unref();
  }

  async check(now = Date.now()): Promise<void> {
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
      this.history.push({ at: now, lsn: parseLsn(rows[0]!.lsn)! });
      this.history = this.history.filter((s) => s.at >= now - HISTORY_MS);
    } catch {
      return; // the primary is not answering: nothing to compare with, keep what was known
    }
    await Promise.all(this.replicas.map((r) => this.checkOne(r, now)));
  }

  private async checkOne(replica: Replica, now: number): Promise<void> {
    try {
      const { rows } = await replica.probe<{ standby: boolean; lsn: string | null }>(
        'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn',
      );
      const { standby, lsn } = rows[0]!;
      replica.replayed = standby ? parseLsn(lsn) : null;
      replica.lagMs = standby ? this.lagOf(replica.replayed, now) : 0;
      const state = replica.lagMs <= this.opts.maxLagMs ? 'ok' : 'lagging';
      if (state !== replica.state) this.log?.info({ replica: replica.name, lagMs: replica.lagMs }, `replica ${state}`);
      replica.state = state;
    } catch (err) {
      this.markDown(replica, err);
    }
  }

  /** Time since the first primary position the replica has not replayed (0 when it has replayed all). */
  private lagOf(replayed: bigint | null, now: number): number {
    if (replayed === null) return HISTORY_MS;
    const ahead = this.history.find((s) => s.lsn > replayed);
    return ahead ? now - ahead.at : 0;
  }

  private markDown(replica: Replica, err: unknown): void {
    if (replica.state !== 'down') this.log?.warn({ err, replica: replica.name }, 'replica down: reads go elsewhere');
    replica.state = 'down';
    replica.lagMs = null;
  }

  pick(after: bigint | null): Db | undefined {
    const usable = this.replicas.filter(
      (r) => r.state === 'ok' && (after === null || r.replayed === null || r.replayed >= after),
    );
    if (!usable.length) return undefined;
    return usable[this.next++ % usable.length]!.db;
  }

  async primaryPosition(): Promise<bigint> {
    const { rows } = await this.primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    return parseLsn(rows[0]!.lsn)!;
  }

  status(): ReplicaStatus[] {
    return this.replicas.map(({ name, state, lagMs }) => ({ name, status: state, lagMs }));
  }

  pools(): PoolUse[] {
    return this.replicas.map(({ name, pool }) => poolUse(name, pool));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.replicas.map((r) => r.pool.end()));
  }
}
