import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/client';
import type { Db } from '../db/types';
import { loggerOptions } from '../logging';
import { createUser } from '../test/factories';
import { ROW_BY_ROW_TABLES, type FixtureDatabase, type FixtureManifest, type TableRecord } from './fixture-manifest';
import { describeTables, prepareSession, rowChecksums, tableSums, type Query } from './table-checksum';
import { rowsOf as rowsOfQuery } from '../db/rows';

/*
 * Makes one upgrade fixture with a release's own code: scripts/make-upgrade-fixtures.sh copies this folder into a
 * checkout of that release and runs it there, so every import above resolves to the release's modules (its
 * migrations, bootstrap, demo data, app and factories). It then dumps the database and records its manifest.
 *
 *   tsx src/server/upgrade/make-fixture.ts --database postgres|pglite --out DIR --commit SHA [--trim]
 *
 * PostgreSQL is the one DATABASE_URL names (an empty database); the embedded database goes in a temporary folder.
 */

const ADMIN = { email: 'admin@example.com', password: 'upgrade-fixture-admin-1' };
const PG_DUMP = '/usr/lib/postgresql/15/bin/pg_dump';

/** A browser over app.inject: its cookies and CSRF token, and a refusal on any answer but the one expected. */
class Browser {
  private cookies = new Map<string, string>();
  private token = '';

  constructor(private readonly app: FastifyInstance) {}

  async call(method: 'GET' | 'POST' | 'PUT', url: string, body?: object, status = 200) {
    const res = await this.app.inject({
      method,
      url,
      ...(body ? { payload: body } : {}),
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(this.token ? { 'x-csrf-token': this.token } : {}),
      },
    });
    for (const c of res.cookies) this.cookies.set(c.name, c.value);
    if (res.statusCode !== status) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json<Record<string, unknown>>();
  }

  async signIn(email: string, password: string, status = 200) {
    const page = await this.app.inject({ method: 'GET', url: '/admin/login', headers: { accept: 'text/html' } });
    for (const c of page.cookies) this.cookies.set(c.name, c.value);
    this.token = /<meta name="csrf-token" content="([^"]+)">/.exec(page.body)?.[1] ?? '';
    const answer = await this.call('POST', '/admin/login', { email, password }, status);
    if (status === 200) this.token = String(answer.csrfToken);
  }
}

const rowsOf = (db: Db, text: string) => rowsOfQuery<Record<string, unknown>>(db, sql.raw(text));

/** A device with its phone built in and its line kept: the device actions that move equipment apply to it. */
async function deviceWithEquipment(db: Db): Promise<number> {
  const [row] = await rowsOf(
    db,
    `SELECT id FROM devices WHERE (product_id IS NOT NULL OR imei IS NOT NULL) AND line_deleted_at IS NULL
     ORDER BY id LIMIT 1`,
  );
  if (!row) throw new Error('the demo data has no device with equipment');
  return Number(row.id);
}

/**
 * What the demo data leaves empty, made as staff would make it through the release's API: sessions and sign-in
 * counters, the audit log, a saved view, saved settings, an invitation (its link and e-mail), a second factor with
 * its recovery codes, feedback; then a stats call, which waits for the rollup the server builds at start.
 */
async function useTheApp(app: FastifyInstance, db: Db) {
  const admin = new Browser(app);
  await new Browser(app).signIn(ADMIN.email, 'not the password 1', 422);
  await admin.signIn(ADMIN.email, ADMIN.password);
  await admin.call('POST', `/admin/devices/${await deviceWithEquipment(db)}/unassign-equipment`);
  await admin.call('POST', '/admin/api/saved-views', { list: 'customers', name: 'Tennessee', search: '?q=TN' }, 201);
  await admin.call('POST', '/admin/feedback-submissions', { body: 'The upgrade fixture says hello.' }, 201);
  const lookup = await admin.call('GET', '/admin/api/settings/lookup-email');
  await admin.call('PUT', '/admin/api/settings/lookup-email', {
    subject: 'Your plan lookup, {name}',
    senderName: lookup.senderName,
    senderEmail: lookup.senderEmail,
    body: lookup.body,
    version: lookup.updatedAt,
  });
  await admin.call(
    'POST',
    '/admin/api/staff',
    { email: 'invited.analyst@example.com', name: 'Invited Analyst', role: 'analyst' },
    201,
  );
  const second = await createUser(db, { email: 'second.admin@example.com', name: 'Second Admin' });
  const guarded = new Browser(app);
  await guarded.signIn(second.email, second.password);
  const { secret } = await guarded.call('POST', '/admin/api/account/two-factor/setup');
  const code = await generate({ secret: String(secret), epoch: Math.floor(Date.now() / 1000) });
  await guarded.call('POST', '/admin/api/account/two-factor/confirm', { code });
  await admin.call('GET', '/admin/api/stats/subscription-activity-trend-monthly');
}

/** Keeps one renewal and one promo e-mail in ten: they are most of the rows, and the embedded dump carries indexes. */
async function trim(db: Db) {
  await db.execute(sql`DELETE FROM renewals WHERE subscription_id % 10 <> 0`);
  await db.execute(sql`DELETE FROM promo_emails WHERE id % 10 <> 0`);
}

async function record(query: Query): Promise<Record<string, TableRecord>> {
  await prepareSession(query);
  const tables: Record<string, TableRecord> = {};
  for (const [table, shape] of Object.entries(await describeTables(query))) {
    const sums = await tableSums(query, table, shape);
    if (!sums.rows) throw new Error(`table ${table} is empty: the fixture must have rows in every table`);
    tables[table] = {
      ...shape,
      ...sums,
      ...(ROW_BY_ROW_TABLES.includes(table) ? { rowChecksums: await rowChecksums(query, table, shape) } : {}),
    };
  }
  return tables;
}

/**
 * The embedded database's folder as PGlite dumps it. PostgreSQL keeps used WAL segments for reuse, full of old
 * pages that do not compress: with recycling off for a few segment switches they are deleted instead, and the
 * settings are reset before the dump.
 */
async function dumpPglite(dataDir: string, trimmed: boolean, out: string) {
  const open = () => PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  let db = await open();
  if (trimmed) await db.query('VACUUM FULL');
  await db.query('ALTER SYSTEM SET wal_recycle = off');
  await db.query(`ALTER SYSTEM SET min_wal_size = '32MB'`);
  await db.close();
  db = await open();
  for (let i = 0; i < 4; i++) {
    await db.query('SELECT pg_switch_wal()');
    await db.query('CHECKPOINT');
  }
  await db.query('ALTER SYSTEM RESET wal_recycle');
  await db.query('ALTER SYSTEM RESET min_wal_size');
  const tables = await record(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  const dump = await db.dumpDataDir('gzip');
  fs.writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  return tables;
}

async function dumpPostgres(url: string, out: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tables = await record(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  await client.end();
  const text = execFileSync(PG_DUMP, ['--no-owner', '--no-privileges', '--dbname', url], {
    maxBuffer: 1 << 30,
  });
  fs.writeFileSync(out, zlib.gzipSync(text, { level: 9 }));
  return tables;
}

async function main() {
  const { values } = parseArgs({
    options: {
      database: { type: 'string' },
      out: { type: 'string' },
      commit: { type: 'string' },
      trim: { type: 'boolean', default: false },
    },
  });
  const kind = values.database as FixtureDatabase;
  if (!['postgres', 'pglite'].includes(kind) || !values.out || !values.commit)
    throw new Error('usage: make-fixture.ts --database postgres|pglite --out DIR --commit SHA [--trim]');
  const release = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version;
  const dataDir = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'bo-fixture-')) : undefined;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-fixture-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: kind === 'postgres' ? process.env.DATABASE_URL : '',
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100',
    WEB_DIST_DIR: webDir,
  });
  if (kind === 'postgres' && !config.DATABASE_URL) throw new Error('DATABASE_URL must name an empty database');
  const log = pino(loggerOptions(config.LOG_LEVEL));
  const database = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, log);
  await bootstrap(database, config, log);
  const app = await buildApp(config, { database, webDir });
  await useTheApp(app, database.db);
  if (values.trim) await trim(database.db);
  const deviceId = await deviceWithEquipment(database.db);
  const [rollup] = await rowsOf(database.db, 'SELECT version FROM stats_rollup_state WHERE id = 1');
  await app.close();
  await database.close();

  fs.mkdirSync(values.out, { recursive: true });
  const file = kind === 'postgres' ? 'postgres.sql.gz' : 'pglite-data.tar.gz';
  const out = path.join(values.out, file);
  const tables =
    kind === 'postgres' ? await dumpPostgres(config.DATABASE_URL!, out) : await dumpPglite(dataDir!, values.trim, out);
  const manifest: FixtureManifest = {
    release,
    commit: values.commit,
    database: kind,
    file,
    madeAt: new Date().toISOString(),
    data:
      `the demo data (DEMO_DATA=1, demo scale) and a session of staff through the API` +
      (values.trim ? '; then nine in ten renewals and promo e-mails deleted, to keep the dump small' : ''),
    admin: ADMIN,
    deviceId,
    rollupVersion: String(rollup?.version),
    tables,
  };
  fs.writeFileSync(path.join(values.out, `${kind}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  const total = Object.values(tables).reduce((n, t) => n + t.rows, 0);
  console.log(`${kind}: ${Object.keys(tables).length} tables, ${total} rows, ${fs.statSync(out).size} bytes in ${out}`);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(webDir, { recursive: true, force: true });
}

await main();
