import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintMigration, tablesCreatedBy } from './migration-lint';
import { shippedMigrations } from './migrate';

const folder = path.resolve('src/server/db/migrations');
const released = new Set(
  Object.keys(JSON.parse(fs.readFileSync(path.join(folder, 'released.json'), 'utf8')) as object),
);
const existingTables = new Set(['devices', 'customers', 'audit_log']);
const lint = (text: string, transactional = true) => lintMigration(text, { existingTables, transactional });

describe('the migration linter', () => {
  it('passes every migration not yet released (released ones are never edited)', () => {
    const tables = new Set<string>();
    for (const m of shippedMigrations(folder)) {
      const text = fs.readFileSync(path.join(folder, `${m.tag}.sql`), 'utf8');
      if (!released.has(m.tag))
        expect(lintMigration(text, { existingTables: tables, transactional: m.transactional }), m.tag).toEqual([]);
      for (const table of tablesCreatedBy(text)) tables.add(table);
    }
    expect(tables.has('customers')).toBe(true);
  });

  it('lets a migration add tables, nullable columns, constant defaults and its own tables’ indexes', () => {
    expect(
      lint(`CREATE TABLE "alert_rules" ("id" serial PRIMARY KEY, "name" text NOT NULL);
--> statement-breakpoint
CREATE INDEX "alert_rules_name_idx" ON "alert_rules" USING btree ("name");
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "note" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "vip" boolean DEFAULT false NOT NULL;`),
    ).toEqual([]);
  });

  it('refuses a plain index build on an existing table, and CONCURRENTLY inside a transaction', () => {
    expect(lint('CREATE INDEX "x" ON "devices" ("imei");')).toHaveLength(1);
    expect(lint('CREATE INDEX CONCURRENTLY IF NOT EXISTS "x" ON "devices" ("imei");')).toHaveLength(1);
    expect(lint('CREATE INDEX CONCURRENTLY IF NOT EXISTS "x" ON "devices" ("imei");', false)).toEqual([]);
  });

  it('refuses what rewrites or scans a table under a lock', () => {
    for (const statement of [
      'ALTER TABLE "devices" ADD COLUMN "seen" timestamp DEFAULT now();',
      'ALTER TABLE "devices" ADD COLUMN "n" integer NOT NULL;',
      'ALTER TABLE "devices" ALTER COLUMN "imei" SET DATA TYPE bigint;',
      'ALTER TABLE "devices" ALTER COLUMN "imei" TYPE bigint;',
      'ALTER TABLE "devices" ALTER COLUMN "imei" SET NOT NULL;',
      'ALTER TABLE "devices" ADD CONSTRAINT "f" FOREIGN KEY ("c") REFERENCES "customers"("id");',
      'VACUUM FULL devices;',
    ])
      expect(lint(statement), statement).toHaveLength(1);
    expect(
      lint('ALTER TABLE "devices" ADD CONSTRAINT "f" FOREIGN KEY ("c") REFERENCES "customers"("id") NOT VALID;'),
    ).toEqual([]);
  });

  it('refuses a drop or a rename unless the migration is marked as a contract step', () => {
    for (const statement of [
      'ALTER TABLE "devices" DROP COLUMN "note";',
      'ALTER TABLE "devices" RENAME COLUMN "note" TO "remark";',
      'DROP TABLE "audit_log";',
    ]) {
      expect(lint(statement), statement).toHaveLength(1);
      expect(lint(`-- migration: contract (1.1.0 stopped using it)\n${statement}`), statement).toEqual([]);
    }
  });
});
