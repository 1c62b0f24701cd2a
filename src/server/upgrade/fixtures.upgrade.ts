import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { RELEASE_VERSION, SCHEMA_MIGRATION } from '../release';
import { spaShell } from '../test/app';
import { Session } from '../test/http-session';
import { startPostgres } from '../test/pg-cluster';
import { startServer, type ServerProcess } from '../test/server-process';
import type { FixtureDatabase, FixtureManifest } from './fixture-manifest';
import { differencesFrom } from './kept-rows';
import { openPglite, PREVIOUS_RELEASE, readManifest, restorePglite, restorePostgres } from './restore-fixture';
import type { Query } from './table-checksum';

/**
 * The previous release's databases, embedded and PostgreSQL, each made by that release's own code
 * (scripts/make-upgrade-fixtures.sh), upgraded in place by this release's server process.
 */

interface Restored {
  /** What the server is started with to use it. */
  env: NodeJS.ProcessEnv;
  /** A session on it for the row checks, while no server holds it (the embedded database admits one process). */
  open(): Promise<{ query: Query; close(): Promise<void> }>;
  remove(): void;
}

async function restored(database: FixtureDatabase, manifest: FixtureManifest): Promise<Restored> {
  if (database === 'postgres') {
    const postgres = await startPostgres();
    restorePostgres(postgres, manifest);
    const url = postgres.server.url();
    return {
      env: { DATABASE_URL: url },
      open: async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return {
          query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
          close: () => client.end(),
        };
      },
      remove: () => postgres.remove(),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-upgrade-'));
  await restorePglite(dataDir, manifest);
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    open: () => openPglite(dataDir),
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

const servers: ServerProcess[] = [];
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  cleanups.forEach((c) => c());
});

async function start(target: Restored) {
  const server = await startServer({
    env: { ...target.env, DEMO_DATA: '0', LOG_LEVEL: 'warn', WEB_DIST_DIR: spaShell() },
  });
  servers.push(server);
  return server;
}

describe.each<FixtureDatabase>(['postgres', 'pglite'])(`release ${PREVIOUS_RELEASE}'s %s database`, (database) => {
  it('is upgraded in place: ready on this release, every row kept, and staff sign in, list, act on a device and read stats', async () => {
    const manifest = readManifest(database);
    const target = await restored(database, manifest);
    cleanups.push(target.remove);

    const upgrading = await start(target);
    console.log(
      `release ${manifest.release}'s ${database} fixture: this release (${RELEASE_VERSION}, schema ` +
        `${SCHEMA_MIGRATION}) ready on it in ${(upgrading.readyMs / 1000).toFixed(1)} s`,
    );
    const ready = await fetch(`${upgrading.origin}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      version: RELEASE_VERSION,
      schema: SCHEMA_MIGRATION,
      database,
    });
    expect(await upgrading.stop()).toBe(0);

    // What the upgrade left, before anyone signs in (a sign-in writes sessions, the audit log, the account).
    const session = await target.open();
    try {
      expect(await differencesFrom(session.query, manifest)).toEqual([]);
      // Migration 0003 copied each cancellation's customer name, which the list's search reads.
      expect(
        await session.query(`
          SELECT count(*)::int AS copied, count(*) FILTER (WHERE c.customer_name IS DISTINCT FROM cu.name)::int AS wrong
          FROM subscription_cancellations c JOIN subscriptions s ON s.id = c.subscription_id
          JOIN customers cu ON cu.id = s.customer_id`),
      ).toEqual([{ copied: 1296, wrong: 0 }]);
    } finally {
      await session.close();
    }

    // Started again on the upgraded database: nothing left to migrate, and the old rows serve as new ones do.
    const server = await start(target);
    const admin = new Session(server.origin);
    await admin.signIn(manifest.admin.email, manifest.admin.password);
    const devices = await admin.request('GET', '/admin/api/devices');
    expect(devices.status).toBe(200);
    expect(((await devices.json()) as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    const action = await admin.request('POST', `/admin/devices/${manifest.deviceId}/unassign-equipment`);
    expect(action.status, await action.clone().text()).toBe(200);
    const device = await admin.request('GET', `/admin/api/devices/${manifest.deviceId}`);
    expect(await device.json()).toMatchObject({ id: manifest.deviceId, imei: null, product: null });
    const stats = await admin.request('GET', '/admin/api/stats/subscription-activity-trend-monthly');
    expect(stats.status).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 180_000);
});
