import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectDatabase, migrateDatabase, MigrationMismatchError, releaseMigrations } from './client';
import { applyMigrations } from './migrate';
import { openTestDatabase } from '../test/database';

const applied = async (db: Awaited<ReturnType<typeof openTestDatabase>>['db']) =>
  (
    (await db.execute(sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id`)) as unknown as {
      rows: { hash: string; created_at: string }[];
    }
  ).rows;

const tables = async (db: Awaited<ReturnType<typeof openTestDatabase>>['db']) =>
  (
    (await db.execute(
      sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

describe('migrations at start', () => {
  it('records each shipped migration as the previous release did: its hash and journal time, in order', async () => {
    const database = await openTestDatabase();
    try {
      const rows = await applied(database.db);
      expect(rows.map((r) => [r.hash, Number(r.created_at)])).toEqual(releaseMigrations().map((m) => [m.hash, m.when]));
      // A second start finds nothing to do.
      await migrateDatabase(database);
      expect(await applied(database.db)).toHaveLength(rows.length);
    } finally {
      await database.close();
    }
  });

  it('refuses, changing nothing, a database that has a migration this release does not ship', async () => {
    const database = await openTestDatabase();
    try {
      await database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('f00d', ${Date.now() + 1e9})`,
      );
      const before = await tables(database.db);
      await expect(migrateDatabase(database)).rejects.toThrow(MigrationMismatchError);
      await expect(migrateDatabase(database)).rejects.toThrow(/does not ship: number \d+ .*hash f00d.*newer release/);
      expect(await tables(database.db)).toBe(before);
    } finally {
      await database.close();
    }
  });

  it('refuses a database whose baseline was made by another build, naming both hashes', async () => {
    const database = await openTestDatabase();
    try {
      const [first] = releaseMigrations();
      await database.db.execute(
        sql`UPDATE drizzle.__drizzle_migrations SET hash = 'badbadbadbad0000' WHERE created_at = ${first!.when}`,
      );
      await expect(migrateDatabase(database)).rejects.toThrow(
        new RegExp(`${first!.tag} .*badbadbadbad.*${first!.hash.slice(0, 12)}`),
      );
    } finally {
      await database.close();
    }
  });

  it('migrates an empty embedded database from nothing', async () => {
    const database = await connectDatabase({});
    try {
      await migrateDatabase(database);
      expect(await tables(database.db)).toBeGreaterThan(20);
    } finally {
      await database.close();
    }
    // A fresh embedded database and every migration since the baseline: a start, not a query.
  }, 90_000);

  // Only PostgreSQL builds CONCURRENTLY (the embedded database drops the word), so only it can be left so.
  it.runIf(process.env.DATABASE_URL)(
    'builds again an index that a failed CONCURRENTLY build left invalid, instead of keeping it',
    async () => {
      const database = await openTestDatabase();
      const validity = async () =>
        (
          (await database.db.execute(
            sql`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'leftover_idx'`,
          )) as unknown as { rows: { valid: boolean }[] }
        ).rows.map((r) => r.valid);
      try {
        await database.db.execute(sql`CREATE TABLE leftover (v int)`);
        await database.db.execute(sql`INSERT INTO leftover VALUES (1), (1)`);
        // A unique build over duplicates fails after the index is made: it stays, invalid.
        await expect(
          database.db.execute(sql`CREATE UNIQUE INDEX CONCURRENTLY leftover_idx ON leftover (v)`),
        ).rejects.toThrow();
        expect(await validity()).toEqual([false]);
        await applyMigrations(database, [
          {
            tag: '9999_leftover',
            hash: 'leftover',
            when: Date.now(),
            transactional: false,
            statements: ['CREATE INDEX CONCURRENTLY IF NOT EXISTS "leftover_idx" ON "leftover" ("v")'],
          },
        ]);
        expect(await validity()).toEqual([true]);
      } finally {
        await database.close();
      }
    },
  );
});
