import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { lockDataDir } from './data-dir-lock';
import { ensurePlannerStatistics } from './planner-statistics';
import { ReplicaSet } from './replicas';
import { routedDb } from './read-routing';
import { applyMigrations, pendingMigrations, shippedMigrations } from './migrate';
import { pgliteUse, poolUse } from './pool-use';
import { RELEASE_VERSION } from '../release';
import * as schema from './schema';
import type { Database, Db } from './types';
import { sessionSettings, type ConnectionSettings } from './connection-settings';

export { DataDirLockedError } from './data-dir-lock';
export { MigrationMismatchError } from './migrate';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite is single-process: a second process on the same DATA_DIR corrupts it, so the directory is
 * locked for the life of the process and a second start is refused.
 */
async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  let release: (() => void) | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir: path.join(dataDir, 'pgdata') } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const embeddedUse = pgliteUse(client);
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    primary: db,
    kind: 'pglite',
    embedded: client,
    ping: async () => void (await client.query('select 1')),
    pools: () => [embeddedUse()],
    close: async () => {
      await client.close();
      release?.();
    },
  };
}

export interface PoolOptions extends ConnectionSettings {
  /** Connections per process (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Read replicas of DATABASE_URL (DATABASE_REPLICA_URLS), and how far behind one may be (REPLICA_MAX_LAG_MS). */
  replicaUrls?: string[];
  maxLagMs?: number;
}

/** PostgreSQL connections a process opens unless told otherwise (DATABASE_POOL_SIZE; ADR 065). */
export const DEFAULT_POOL_SIZE = 20;

async function openPostgres(url: string, log?: FastifyBaseLogger, pool_: PoolOptions = {}): Promise<Database> {
  const max = pool_.poolSize ?? DEFAULT_POOL_SIZE;
  const pool = new pg.Pool({ connectionString: url, max, ...sessionSettings(pool_) });
  // A restarted database server must cost failed requests, not the process.
  pool.on('error', (err) => log?.error({ err }, 'idle PostgreSQL client failed'));
  const db: Db = drizzlePg(pool, { schema });
  const ping = async () => void (await pool.query('select 1'));
  const primaryUse = () => poolUse('primary', pool);
  if (!pool_.replicaUrls?.length)
    return { db, primary: db, kind: 'postgres', ping, pools: () => [primaryUse()], close: () => pool.end() };
  const replicas = new ReplicaSet(
    pool_.replicaUrls,
    pool,
    { ...pool_, maxLagMs: pool_.maxLagMs ?? 5_000, poolSize: max },
    log,
  );
  await replicas.start();
  return {
    db: routedDb(db),
    primary: db,
    kind: 'postgres',
    replicas,
    ping,
    pools: () => [primaryUse(), ...replicas.pools()],
    close: async () => {
      await replicas.close();
      await pool.end();
    },
  };
}

/**
 * PostgreSQL when DATABASE_URL is set, else embedded PGlite in dataDir (in memory when dataDir is undefined),
 * as it is: the server migrates it in `bootstrap`, under a lock against other instances. PGlite starts from
 * `loadDataDir` (a dumped data dir) when given, instead of an empty cluster.
 */
export function connectDatabase(
  opts: { databaseUrl?: string; dataDir?: string; loadDataDir?: Blob } & PoolOptions,
  log?: FastifyBaseLogger,
): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, log, opts) : openPglite(opts.dataDir, opts.loadDataDir);
}

/**
 * Checks the migrations the database has applied against those this release ships (refusing, unchanged, a
 * database of a newer or another build), creates pg_trgm, applies the migrations not yet applied, and sets what
 * the schema cannot state.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const pending = await pendingMigrations(database.db, shippedMigrations(migrationsFolder), RELEASE_VERSION);
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await applyMigrations(database, pending);
  await ensurePlannerStatistics(database.db);
}

/** The migrations of this release, in order. */
export const releaseMigrations = () => shippedMigrations(migrationsFolder);

/** connectDatabase, then migrateDatabase: for the command-line tools and tests. */
export async function openDatabase(
  opts: { databaseUrl?: string; dataDir?: string } & PoolOptions,
  log?: FastifyBaseLogger,
): Promise<Database> {
  const database = await connectDatabase(opts, log);
  await migrateDatabase(database);
  return database;
}
