import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, openDatabase } from '../db/client';
import type { Database } from '../db/types';
import { ensureReferenceData } from '../seed/reference';

/**
 * The migrated template the test databases start from, made once per run by template-database.ts (the test
 * tiers' global setup): the name of a PostgreSQL database, or the file of a dumped PGlite data dir. Unset outside
 * Vitest (the fuzz and bench commands): each database is then migrated where it is made.
 */
export const TEMPLATE_ENV = 'TEST_DATABASE_TEMPLATE';

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url;
};

/** A migrated database holding the reference rows, as every test database starts. */
async function migrated(opts: Parameters<typeof openDatabase>[0]): Promise<Database> {
  const database = await openDatabase(opts);
  await ensureReferenceData(database.db);
  return database;
}

/** Makes the template (see TEMPLATE_ENV) and answers where it is and how to remove it. */
export async function createTemplate(): Promise<{ template: string; remove(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `test_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    // Closed before any copy: PostgreSQL copies a template no one is connected to.
    await (await migrated({ databaseUrl: databaseUrl(serverUrl, name).toString() })).close();
    return { template: name, remove: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-template-'));
  const file = path.join(folder, 'pgdata.tar');
  const database = await migrated({});
  const client = (database.primary as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  return { template: file, remove: async () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A fresh database for one test file, copied from the template when there is one: in-memory PGlite, or, when
 * DATABASE_URL is set (the PostgreSQL tier), a new database on that server, dropped on close. There, the same
 * database through read-only connections stands in as a read replica, so every GET the suite makes runs on a
 * replica's terms: a handler that writes while reading fails its test.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  const template = process.env[TEMPLATE_ENV];
  if (!serverUrl) {
    if (!template) return migrated({});
    return connectDatabase({ loadDataDir: await fs.openAsBlob(template) });
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = databaseUrl(serverUrl, name);
  const replica = new URL(url);
  replica.searchParams.set('options', '-c default_transaction_read_only=on');
  const opts = { databaseUrl: url.toString(), replicaUrls: [replica.toString()] };
  const database = template ? await connectDatabase(opts) : await migrated(opts);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
