import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import fs from 'node:fs';
import path from 'node:path';
import type { Database, Db } from './types';
import { rowsOf } from './rows';

/**
 * The migrations this release ships, applied in order and recorded as Drizzle's migrator records them
 * (`drizzle.__drizzle_migrations`: hash and journal time), so release 1.0.0's code, which used that migrator, reads
 * the same table during a rolling upgrade (ADR 028).
 */
export interface ShippedMigration {
  /** `0001_add_alert_rules`: its number and name. */
  tag: string;
  /** SHA-256 of the file, as Drizzle computes it. */
  hash: string;
  /** The journal's time of the migration: Drizzle's `created_at`. */
  when: number;
  statements: string[];
  /** False for a migration whose first line is `-- migration: no-transaction` (CREATE INDEX CONCURRENTLY). */
  transactional: boolean;
}

const NO_TRANSACTION = /^\s*--\s*migration:\s*no-transaction\b/;

export function shippedMigrations(folder: string): ShippedMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return readMigrationFiles({ migrationsFolder: folder }).map((m, i) => ({
    tag: journal.entries[i]!.tag,
    hash: m.hash,
    when: m.folderMillis,
    statements: m.sql.map((s) => s.trim()).filter(Boolean),
    transactional: !NO_TRANSACTION.test(m.sql[0] ?? ''),
  }));
}

/** The database holds a migration this release does not ship, or one it ships otherwise: nothing was changed. */
export class MigrationMismatchError extends Error {}

interface AppliedRow {
  hash: string;
  created_at: string | number;
}

async function appliedMigrations(db: Db): Promise<AppliedRow[]> {
  const [table] = await rowsOf<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!table?.present) return [];
  return rowsOf<AppliedRow>(db, sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at, id`);
}

const short = (hash: string) => hash.slice(0, 12);
const madeAt = (when: number) => new Date(when).toISOString().replace('.000Z', 'Z');

/**
 * Compares what the database has applied with what this release ships, in order, by hash and time, and answers
 * the migrations still to apply. A database ahead of this release, or made by another build of a migration, is
 * refused before anything is changed.
 */
export async function pendingMigrations(
  db: Db,
  shipped: ShippedMigration[],
  release: string,
): Promise<ShippedMigration[]> {
  const applied = await appliedMigrations(db);
  applied.forEach((row, i) => {
    const when = Number(row.created_at);
    const ours = shipped[i];
    if (!ours)
      throw new MigrationMismatchError(
        `The database has a migration that release ${release} does not ship: number ${i} (made ${madeAt(when)}, ` +
          `hash ${short(row.hash)}), by a newer release. Start that release again, or restore a backup made by ` +
          `release ${release} or older. Nothing was changed.`,
      );
    if (ours.hash !== row.hash || ours.when !== when)
      throw new MigrationMismatchError(
        `The database's migration ${ours.tag} is not the one release ${release} ships: the database has hash ` +
          `${short(row.hash)} (made ${madeAt(when)}), this release ${short(ours.hash)} (made ${madeAt(ours.when)}). ` +
          `It was made by another build (an unreleased one, or an edited migration). Restore a backup made by a ` +
          `release, or start the build that made it. Nothing was changed.`,
      );
  });
  return shipped.slice(applied.length);
}

const CONCURRENT_BUILD = /^CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+"([^"]+)"/i;

/**
 * A CONCURRENTLY build that failed (a start stopped midway, a deadlock, a duplicate) leaves its index behind,
 * marked invalid: never used, yet kept up by every write, and `IF NOT EXISTS` would keep it so. Before the build
 * runs again, an invalid index of its name is dropped, CONCURRENTLY as well.
 */
async function dropInvalidLeftover(db: Db, statement: string): Promise<void> {
  const name = CONCURRENT_BUILD.exec(statement)?.[1];
  if (!name) return;
  const invalid = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relname = ${name} AND n.nspname = current_schema() AND NOT i.indisvalid`,
  );
  if (invalid.length) await db.execute(sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS "${name.replace(/"/g, '""')}"`));
}

/**
 * Applies the pending migrations in order, each in its own transaction with its record, so a failed one leaves
 * the database at the one before. A no-transaction migration (indexes built CONCURRENTLY on PostgreSQL) runs its
 * statements one by one, each written to be repeatable (`IF NOT EXISTS`, an invalid leftover of a failed build
 * dropped first); on the embedded database, one process with nothing to block, CONCURRENTLY is dropped.
 */
export async function applyMigrations(database: Database, pending: ShippedMigration[]): Promise<void> {
  const { db } = database;
  const record = (tx: Pick<Db, 'execute'>, m: ShippedMigration) =>
    tx.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${m.hash}, ${m.when})`);
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  for (const m of pending) {
    if (m.transactional) {
      await db.transaction(async (tx) => {
        for (const statement of m.statements) await tx.execute(sql.raw(statement));
        await record(tx, m);
      });
      continue;
    }
    for (const statement of m.statements) {
      if (database.kind === 'pglite') {
        await db.execute(sql.raw(statement.replace(/\bCONCURRENTLY\b/gi, '')));
        continue;
      }
      await dropInvalidLeftover(db, statement);
      await db.execute(sql.raw(statement));
    }
    await record(db, m);
  }
}
