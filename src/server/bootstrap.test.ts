import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { bootstrap } from './bootstrap';
import { testConfig } from './config';
import { connectDatabase } from './db/client';
import journal from './db/migrations/meta/_journal.json';
import { SCALES } from './seed/generate';
import { CARRIERS, DEVICE_STATUSES, PROSPECT_ACTIONS, RETURN_REASONS, TOPOGRAPHIES } from '../contract/business';

const serverUrl = process.env.DATABASE_URL;

async function query(url: string, statement: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

describe('bootstrap', () => {
  // PGlite admits one process per DATA_DIR (its lock is tested in main.test.ts): only PostgreSQL sees instances race.
  it.skipIf(!serverUrl)(
    'creates the schema, reference rows, admin and demo data once when four instances start together on an empty PostgreSQL database',
    async () => {
      const name = `bootstrap_${randomBytes(6).toString('hex')}`;
      await query(serverUrl!, `CREATE DATABASE ${name}`);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const config = testConfig({ DATABASE_URL: url.toString(), DEMO_DATA: true, ADMIN_PASSWORD: 'test-password-1' });
      const log = pino({ level: 'silent' });
      const instances = await Promise.all(
        [1, 2, 3, 4].map(() => connectDatabase({ databaseUrl: config.DATABASE_URL })),
      );
      try {
        const results = await Promise.all(instances.map((database) => bootstrap(database, config, log)));
        expect(results.filter((r) => r.admin).map((r) => r.admin)).toEqual([{ email: 'admin@example.com' }]);

        const count = async (from: string) =>
          Number((await query(url.toString(), `select count(*) as n ${from}`))[0]!.n);
        expect(await count('from drizzle.__drizzle_migrations')).toBe(journal.entries.length);
        expect(await count('from carriers')).toBe(CARRIERS.length);
        expect(await count('from device_statuses')).toBe(DEVICE_STATUSES.length);
        expect(await count('from prospect_actions')).toBe(PROSPECT_ACTIONS.length);
        expect(await count('from topographies')).toBe(TOPOGRAPHIES.length);
        expect(await count('from return_reasons')).toBe(RETURN_REASONS.length);
        expect(await count(`from settings where key = 'session_secret'`)).toBe(1);
        expect(await count(`from settings where key = 'encryption_key'`)).toBe(1);
        expect(await count(`from users where role = 'administrator'`)).toBe(1);
        expect(await count('from customers')).toBe(SCALES.demo.customers);
      } finally {
        await Promise.all(instances.map((database) => database.close()));
        await query(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
    120_000,
  );
});
