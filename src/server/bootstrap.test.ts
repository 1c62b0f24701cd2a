import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { bootstrap, underBootstrapLock } from './bootstrap';
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

  it.skipIf(!serverUrl)(
    'builds an index concurrently while an instance of release 1.0.0 waits for the lock in one statement, cancelling that wait',
    async () => {
      const name = `bootstrap_${randomBytes(6).toString('hex')}`;
      await query(serverUrl!, `CREATE DATABASE ${name}`);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const connect = async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        return client;
      };
      const [earlier, migrator] = [await connect(), await connect()];
      try {
        await migrator.query('create table visits (id int)');
        let earlierWait: Promise<unknown> | undefined;
        await underBootstrapLock(url.toString(), pino({ level: 'silent' }), async () => {
          // As release 1.0.0 waits: one statement that holds a snapshot until the lock is free.
          earlierWait = earlier.query('select pg_advisory_lock(1651470196)').catch((error: Error) => error);
          while (
            !(await query(url.toString(), 'select 1 from pg_locks where locktype = $$advisory$$ and not granted'))
              .length
          );
          await migrator.query('create index concurrently visits_id_idx on visits (id)');
        });
        expect(await earlierWait).toMatchObject({ message: 'canceling statement due to user request' });
        expect(await query(url.toString(), `select 1 from pg_indexes where indexname = 'visits_id_idx'`)).toHaveLength(
          1,
        );
      } finally {
        await Promise.all([earlier.end(), migrator.end()]);
        await query(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
    60_000,
  );
});
