import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client';
import type { Database } from '../db/types';
import { ensureReferenceData } from '../seed/reference';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set
 * (the PostgreSQL tier), a new database on that server, dropped on close. There, the same database through
 * read-only connections stands in as a read replica, so every GET the suite makes runs on a replica's terms:
 * a handler that writes while reading fails its test.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await ensureReferenceData(database.db);
    return database;
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const replica = new URL(url);
  replica.searchParams.set('options', '-c default_transaction_read_only=on');
  const database = await openDatabase({ databaseUrl: url.toString(), replicaUrls: [replica.toString()] });
  await ensureReferenceData(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
