import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { connectDatabase } from '../../db/client';
import type { Database } from '../../db/types';
import { RELEASE_VERSION, SCHEMA_MIGRATION } from '../../release';
import {
  createCancellation,
  createCancellationReason,
  createCredit,
  createCustomer,
  createEquipment,
  createLoaner,
  createRenewal,
  createSubscription,
  createSupplier,
} from '../../test/factories';
import { Agent, createTestApp, spaShell, type TestApp } from '../../test/app';
import { BackupError, backupStream, readBackup, saveBackup, type BackupManifest } from './backup-file';
import { backUp, restore, type DatabaseLocation } from './backups.service';
import { pgliteBackup, pgliteOf } from './pglite-dump';

const serverUrl = process.env.DATABASE_URL;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const folders: string[] = [];
const folder = (prefix: string) => {
  folders.push(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  return folders.at(-1)!;
};
afterAll(() => folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));
const backupFile = () => path.join(folder('bo-backups-'), 'test.backup');

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** A test app on a fresh database, holding a little of everything and a signed-in Administrator. */
async function sourceWithData(): Promise<{ t: TestApp; admin: Awaited<ReturnType<TestApp['signIn']>> }> {
  const t = await createTestApp();
  cleanups.push(() => t.close());
  const admin = await t.signIn();
  const reason = await createCancellationReason(t.db);
  await createCancellation(t.db, { cancellationReasonId: reason.id });
  await createSubscription(t.db, { customerId: (await createCustomer(t.db)).id });
  await createLoaner(t.db);
  await createRenewal(t.db);
  await createCredit(t.db);
  await createEquipment(t.db);
  await createSupplier(t.db);
  return { t, admin };
}

/** The test database's URL on PostgreSQL, as its pool was given it. */
const urlOf = (database: Database) =>
  (database.primary as unknown as { $client: pg.Pool }).$client.options.connectionString!;

/**
 * Backs a test app's database up: with pg_dump on PostgreSQL; on PGlite (in memory here) with the dump the
 * Settings page and the command use (the data folder's own paths are tested below).
 */
async function backUpTestDatabase(t: TestApp, file: string): Promise<void> {
  if (serverUrl) {
    await backUp({ databaseUrl: urlOf(t.database), dataDir: '' }, file);
    return;
  }
  const { stream } = await pgliteBackup(pgliteOf(t.database), 'The test database');
  await saveBackup(file, stream);
}

interface Target {
  location: DatabaseLocation;
  open(): Promise<Database>;
}

/** A fresh, empty place to restore into: a new database on the PostgreSQL server, or an empty DATA_DIR. */
async function emptyTarget(): Promise<Target> {
  if (serverUrl) {
    const name = `restore_${randomBytes(6).toString('hex')}`;
    await onServer(`CREATE DATABASE ${name}`);
    cleanups.push(() => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    return { location: { databaseUrl, dataDir: '' }, open: () => connectDatabase({ databaseUrl }) };
  }
  const dataDir = folder('bo-restore-');
  return { location: { dataDir }, open: () => connectDatabase({ dataDir }) };
}

type Snapshot = Record<string, string[]>;

const serialize = (row: unknown) =>
  JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));

/** Every row of every table of the public schema and of Drizzle's migrations, and every sequence's position. */
async function snapshot(database: Database): Promise<Snapshot> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.primary.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rows(sql`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'drizzle') ORDER BY 1, 2`);
  const sequences = await rows(sql`
    SELECT sequence_schema AS schema, sequence_name AS name FROM information_schema.sequences
    WHERE sequence_schema IN ('public', 'drizzle') ORDER BY 1, 2`);
  const out: Snapshot = {};
  for (const { schema, name } of tables as { schema: string; name: string }[])
    out[`${schema}.${name}`] = (await rows(sql`SELECT * FROM ${sql.identifier(schema)}.${sql.identifier(name)}`))
      .map(serialize)
      .sort();
  for (const { schema, name } of sequences as { schema: string; name: string }[])
    out[`sequence ${schema}.${name}`] = (
      await rows(sql`SELECT last_value, is_called FROM ${sql.identifier(schema)}.${sql.identifier(name)}`)
    ).map(serialize);
  return out;
}

/** What a target holds now: its snapshot, or null when it has no database at all. */
async function contents(target: Target): Promise<Snapshot | null> {
  if (!serverUrl && !fs.existsSync(path.join(target.location.dataDir, 'pgdata'))) return null;
  const database = await target.open();
  try {
    const held = await snapshot(database);
    return Object.keys(held).length ? held : null;
  } finally {
    await database.close();
  }
}

/** The app on a restored database, as a server started on it would serve it. */
async function appOn(database: Database) {
  const app = await buildApp(testConfig({ LOGIN_RATE_LIMIT: 1000 }), { database, webDir: spaShell() });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'restored',
    (err: unknown) => {
      expect(err).toBeInstanceOf(BackupError);
      return (err as Error).message;
    },
  );

/** A backup file with this manifest (and a dump that is no dump: the refusals come before it is read). */
async function craftedBackup(changes: Partial<BackupManifest>): Promise<string> {
  const file = backupFile();
  const manifest: BackupManifest = {
    format: 1,
    database: serverUrl ? 'postgres' : 'pglite',
    release: RELEASE_VERSION,
    schemaMigration: SCHEMA_MIGRATION,
    createdAt: new Date().toISOString(),
    engine: 'PostgreSQL',
    ...changes,
  };
  await saveBackup(file, backupStream(manifest, [Buffer.alloc(64 * 1024, 'not a dump ')]));
  return file;
}

describe(`backup and restore (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores every row into an empty database, where users sign in with their passwords and keep their sessions', async () => {
    const { t, admin } = await sourceWithData();
    const file = backupFile();
    const before = await snapshot(t.database);
    await backUpTestDatabase(t, file);
    expect((await readBackup(file)).manifest).toMatchObject({
      database: serverUrl ? 'postgres' : 'pglite',
      release: RELEASE_VERSION,
      schemaMigration: SCHEMA_MIGRATION,
    });

    const target = await emptyTarget();
    expect(await contents(target)).toBeNull();
    await restore(target.location, file, { force: false });

    const restored = await target.open();
    const after = await snapshot(restored);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(Object.keys(after)).toEqual(
      expect.arrayContaining(['drizzle.__drizzle_migrations', 'public.settings', 'public.sessions', 'public.users']),
    );
    expect(after).toEqual(before);

    const app = await appOn(restored);
    const guest = new Agent(app);
    await guest.loadPage();
    const signIn = await guest.post('/admin/login', { email: admin.user.email, password: admin.user.password });
    expect(signIn.statusCode).toBe(200);
    // The browser signed in before the backup: its cookie, signed with the secret in the backup, still works.
    const me = await admin.at(app).get('/admin/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json<{ email: string }>().email).toBe(admin.user.email);
  }, 120_000);

  it('refuses to replace a database that holds data unless forced, and then replaces all of it', async () => {
    const { t } = await sourceWithData();
    const [fileA, fileB] = [backupFile(), backupFile()];
    await backUpTestDatabase(t, fileA);
    const a = await snapshot(t.database);
    await createCustomer(t.db, { name: 'Only in the second backup' });
    await createSupplier(t.db);
    await backUpTestDatabase(t, fileB);
    const b = await snapshot(t.database);
    expect(b).not.toEqual(a);

    const target = await emptyTarget();
    await restore(target.location, fileA, { force: false });
    expect(await refusalOf(restore(target.location, fileB, { force: false }))).toMatch(
      /holds data \(\d+ tables have rows: .*\)\. Restoring replaces all of it: run again with --force to do so\./,
    );
    expect(await contents(target)).toEqual(a);

    await restore(target.location, fileB, { force: true });
    expect(await contents(target)).toEqual(b);
  }, 120_000);

  it('refuses a backup of a newer release, of a schema it does not know or of the other database, changing nothing', async () => {
    const target = await emptyTarget();
    const newer = await craftedBackup({ release: '99.0.0' });
    expect(await refusalOf(restore(target.location, newer, { force: true }))).toBe(
      `${newer} was made by release 99.0.0, newer than this one (${RELEASE_VERSION}): restore it with release 99.0.0 or later.`,
    );
    const unknown = await craftedBackup({ schemaMigration: '9999_from_the_future' });
    expect(await refusalOf(restore(target.location, unknown, { force: true }))).toContain(
      'holds a database at migration 9999_from_the_future, which this release',
    );
    const other = await craftedBackup({ database: serverUrl ? 'pglite' : 'postgres' });
    expect(await refusalOf(restore(target.location, other, { force: true }))).toMatch(
      serverUrl ? /is a backup of the embedded database, and DATABASE_URL is set/ : /DATABASE_URL is not set/,
    );
    expect(await contents(target)).toBeNull();
    if (!serverUrl) expect(fs.readdirSync(target.location.dataDir)).toEqual([]);
  });

  it('refuses garbage, and a backup cut short, changing nothing', async () => {
    const target = await emptyTarget();
    const file = await craftedBackup({});
    const garbage = path.join(folder('bo-garbage-'), 'garbage.backup');
    fs.writeFileSync(garbage, randomBytes(64 * 1024));
    expect(await refusalOf(restore(target.location, garbage, { force: true }))).toBe(
      `${garbage} is not a back-office backup: it does not begin with the backup header.`,
    );
    const cut = path.join(path.dirname(garbage), 'cut.backup');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size / 2)));
    expect(await refusalOf(restore(target.location, cut, { force: true }))).toContain('is incomplete');
    expect(await contents(target)).toBeNull();
  });

  it('restores nothing from a whole-looking file whose dump is cut or foreign, and leaves the database as it was', async () => {
    const { t } = await sourceWithData();
    const file = backupFile();
    await backUpTestDatabase(t, file);
    const target = await emptyTarget();
    await restore(target.location, file, { force: false });
    const held = await contents(target);
    const { manifest, dumpStart, dumpEnd } = await readBackup(file);
    const whole = fs.readFileSync(file);
    for (const dump of [
      whole.subarray(dumpStart, dumpStart + Math.floor((dumpEnd - dumpStart) / 2)),
      randomBytes(64 * 1024),
    ]) {
      // Framed afresh, so its checksum holds: only the database's own reader can tell.
      const forged = backupFile();
      await saveBackup(forged, backupStream(manifest, [dump]));
      expect(await refusalOf(restore(target.location, forged, { force: true }))).toMatch(
        serverUrl
          ? /holds a PostgreSQL dump that cannot be read|The restore stopped and changed nothing/
          : /is damaged: its data folder archive cannot be unpacked/,
      );
      expect(await contents(target)).toEqual(held);
    }
  }, 120_000);

  it('backs up and restores from the command line, refusing a database with data without --force (exit 1)', async () => {
    const { t } = await sourceWithData();
    const target = await emptyTarget();
    const seed = backupFile();
    await backUpTestDatabase(t, seed);
    // The command works on the configured database: a PostgreSQL one, or a DATA_DIR no server holds.
    await restore(target.location, seed, { force: false });
    const env = {
      ...process.env,
      DATABASE_URL: target.location.databaseUrl ?? '',
      DATA_DIR: target.location.dataDir,
    };
    const command = (script: string, ...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], { env }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
        (err: { code: number; stdout: string; stderr: string }) => err,
      );

    const file = backupFile();
    const made = await command('backup', file);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(made.stdout).toContain(
      `release ${RELEASE_VERSION}, migration ${SCHEMA_MIGRATION}; ${serverUrl ? 'pg_dump' : 'data folder'}) to ${file}`,
    );
    expect((await readBackup(file)).manifest.database).toBe(serverUrl ? 'postgres' : 'pglite');

    const refused = await command('restore', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Restoring replaces all of it: run again with --force to do so.');
    const forced = await command('restore', file, '--force');
    expect(forced).toMatchObject({ code: 0 });
    expect(forced.stdout).toContain(`Restored ${file} (made `);
    expect(await contents(target)).toEqual(await snapshot(t.database));
  }, 120_000);
});
