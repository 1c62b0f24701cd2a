import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { migrateDatabase } from './db/client';
import type { Database } from './db/types';
import { ensureAdmin } from './modules/auth/auth.service';
import { sealTotpSecrets } from './modules/auth/seal-totp-secrets';
import { loadKeyring } from './secrets/encryption-keys';
import { sessionSecret } from './plugins/session';
import { loadDemoDataIfEmpty, type DemoAccount } from './seed/demo';
import { ensureReferenceData } from './seed/reference';

/** The advisory lock's key ('boot'): any fixed number, the same in every version. */
const BOOTSTRAP_LOCK = 0x626f6f74;
/** How often an instance waiting for another's bootstrap asks for the lock again. */
const BOOTSTRAP_POLL_MS = 200;
/** How often the holder looks for an earlier release's wait that holds up its migrations. */
const DEADLOCK_WATCH_MS = 1_000;

/**
 * Release 1.0.0 waits for the lock in one `pg_advisory_lock` statement, whose snapshot CREATE INDEX CONCURRENTLY in
 * the holder's migrations waits for: a deadlock PostgreSQL cannot see. Such a wait, once it blocks another backend,
 * is cancelled: that instance fails its start and is started again by its supervisor, after the migrations.
 */
const CANCEL_BLOCKING_WAITS = `
  with blocking_waits as materialized (
    select l.pid from pg_locks l
    where l.locktype = 'advisory' and not l.granted
      and l.classid = 0 and l.objid = $1::bigint::oid and l.objsubid = 1
      and l.database = (select oid from pg_database where datname = current_database())
      and exists (select 1 from pg_stat_activity a where l.pid = any (pg_blocking_pids(a.pid)))
  )
  select pid from blocking_waits where pg_cancel_backend(pid)`;

export interface BootstrapResult {
  /** The admin account this start created (with its password when generated); null when accounts existed. */
  admin: Awaited<ReturnType<typeof ensureAdmin>>;
  /** One account per other role with its generated password, when this start loaded the demo data. */
  demoAccounts: DemoAccount[];
}

/**
 * On PostgreSQL, runs fn holding an advisory lock on a connection of its own, so instances starting together
 * take turns and each sees what the one before it created. PGlite needs none: its DATA_DIR lock admits one process.
 */
export async function underBootstrapLock<T>(
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
  fn: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return fn();
  // No 'error' listener: losing this connection loses the lock, and the process must stop rather than go on
  // beside another instance's bootstrap.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const locked = async () =>
    (await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [BOOTSTRAP_LOCK])).rows[0]!
      .locked;
  try {
    if (!(await locked())) {
      log.info('another instance is preparing the database: waiting for it');
      // Asked again and again, not waited for in one `pg_advisory_lock`: a statement waiting for the lock keeps a
      // snapshot open, and CREATE INDEX CONCURRENTLY in the holder's migrations waits for every older snapshot of
      // the database, a deadlock PostgreSQL cannot see (the holder's lock is on another of its connections).
      while (!(await locked())) await sleep(BOOTSTRAP_POLL_MS);
    }
    const watching = watchForBlockingWaits(client, log);
    try {
      return await fn();
    } finally {
      await watching.stop();
    }
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}

/** Cancels, every second until stopped, the waits of CANCEL_BLOCKING_WAITS, on the lock's own connection. */
function watchForBlockingWaits(client: pg.Client, log: FastifyBaseLogger) {
  const stopped = new AbortController();
  const loop = (async () => {
    while (!stopped.signal.aborted) {
      const { rows } = await client.query<{ pid: number }>(CANCEL_BLOCKING_WAITS, [BOOTSTRAP_LOCK]);
      for (const { pid } of rows) {
        log.warn(
          { pid },
          'an instance of an earlier release was waiting for the database in a way that blocks the migrations: its wait was cancelled',
        );
      }
      await sleep(DEADLOCK_WATCH_MS, undefined, { signal: stopped.signal }).catch(() => {});
    }
  })();
  // Its failure (the lock's connection lost) is the bootstrap's, raised when it is stopped.
  loop.catch(() => {});
  return {
    async stop() {
      stopped.abort();
      await loop;
    },
  };
}

/**
 * Brings the database to what the server needs, once however many instances start together on it: migrations,
 * reference rows, the session secret, the encryption key and sealed secrets, the first admin account and, on an
 * empty database, the demo data.
 * Each step looks at what is there from inside the lock.
 */
export function bootstrap(database: Database, config: Config, log: FastifyBaseLogger): Promise<BootstrapResult> {
  return underBootstrapLock(config.DATABASE_URL, log, async () => {
    await migrateDatabase(database);
    await ensureReferenceData(database.db);
    await sessionSecret(database.db, config.SESSION_SECRET);
    // Secrets left in clear by release 1.0.0, or sealed with a previous key, sealed with the current key (ADR 030).
    await sealTotpSecrets(database.db, await loadKeyring(database.db, config), log);
    // Before the demo data, whose field reps are accounts too.
    const admin = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    const demoAccounts = config.DEMO_DATA ? await loadDemoDataIfEmpty(database.db, log, config.BUSINESS_TIMEZONE) : [];
    return { admin, demoAccounts };
  });
}
