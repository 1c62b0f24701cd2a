import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';
import type { FastifyBaseLogger } from 'fastify';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: services take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database does; used by /ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export class DataDirLockedError extends Error {}

/**
 * PGlite is single-process: a second process on the same DATA_DIR corrupts it, so the directory is
 * locked for the life of the process and a second start is refused.
 */
async function openPglite(dataDir: string | undefined): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, { lockfilePath: path.join(dataDir, '.lock'), stale: 15_000 });
    } catch {
      throw new DataDirLockedError(
        `DATA_DIR ${path.resolve(dataDir)} is in use by another running back office. Stop it first, or set DATA_DIR to another folder.`,
      );
    }
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir: path.join(dataDir, 'pgdata') } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}

async function openPostgres(url: string, log?: FastifyBaseLogger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A restarted database server must cost failed requests, not the process.
  pool.on('error', (err) => log?.error({ err }, 'idle PostgreSQL client failed'));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await migratePg(drizzlePg(pool), { migrationsFolder });
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite in dataDir (in memory when dataDir is undefined). */
export function openDatabase(
  opts: { databaseUrl?: string; dataDir?: string },
  log?: FastifyBaseLogger,
): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, log) : openPglite(opts.dataDir);
}
