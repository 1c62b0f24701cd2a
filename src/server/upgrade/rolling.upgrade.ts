import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { RELEASE_VERSION, SCHEMA_MIGRATION } from '../release';
import { spaShell } from '../test/app';
import { Session } from '../test/http-session';
import { startPostgres, type StandalonePostgres } from '../test/pg-cluster';
import { LoadBalancer } from '../test/load-balancer';
import { startServer, type ServerProcess } from '../test/server-process';
import { checkoutRelease, type ReleaseCheckout } from './previous-release';
import { PREVIOUS_RELEASE, readManifest, restorePostgres } from './restore-fixture';
import { supplierBody } from '../test/factories/supplier';

/**
 * A rolling upgrade on PostgreSQL, as a load balancer in front of N instances sees it: the previous release serves
 * signed-in staff; an instance of this release starts on the same database and migrates it; both serve; the old
 * one is taken out of rotation and stopped with SIGTERM while requests it got are still running.
 */

const CLIENTS = 3;

let postgres: StandalonePostgres | undefined;
let release: ReleaseCheckout | undefined;
const servers: ServerProcess[] = [];
const balancer = new LoadBalancer();
afterAll(() => {
  balancer.close();
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  postgres?.remove();
  release?.remove();
});

/** Counts the requests a server process has received, from its request log lines (LOG_LEVEL=info). */
function requestCounter() {
  let partial = '';
  let received = 0;
  const counted = new EventEmitter();
  return {
    onOutput(chunk: string) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      received += lines.filter((l) => l.includes('"msg":"incoming request"')).length;
      counted.emit('counted', received);
    },
    /** Calls `fn` with the count after each piece of output, until it answers true. */
    watch(fn: (received: number) => boolean) {
      const look = (n: number) => fn(n) && counted.off('counted', look);
      counted.on('counted', look);
    },
  };
}

describe(`a rolling upgrade from release ${PREVIOUS_RELEASE} on PostgreSQL`, () => {
  // The release's code with its own dependencies: installing them, when they differ, takes a minute of its own.
  beforeAll(() => {
    release = checkoutRelease(readManifest('postgres').commit);
  }, 300_000);

  it('serves every request on both releases while the new one starts and takes over, drains the old one and keeps every acknowledged write', async () => {
    const manifest = readManifest('postgres');
    postgres = await startPostgres();
    restorePostgres(postgres, manifest);
    const env = {
      DATABASE_URL: postgres.server.url(),
      DEMO_DATA: '0',
      WEB_DIST_DIR: spaShell(),
      LOGIN_RATE_LIMIT: '100',
    };

    const oldLog = requestCounter();
    const old = await startServer({ cwd: release!.dir, env: { ...env, LOG_LEVEL: 'info' }, onOutput: oldLog.onOutput });
    servers.push(old);
    const browsers = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const browser = new Session(old.origin);
        await browser.signIn(manifest.admin.email, manifest.admin.password);
        return browser;
      }),
    );
    // Two requests a sign-in (the page, the form); the load's requests to the old instance are counted on.
    let sentToOld = 2 * CLIENTS;

    // The old instance alone, then both in turn, then the new one alone.
    balancer.add(old);
    const served = { old: 0, next: 0 };
    let inFlightOnOld = 0;
    const progress = new EventEmitter();
    const failures: string[] = [];
    /** Each supplier written and acknowledged, with its name as last acknowledged. */
    const acknowledged = new Map<number, string>();
    let stop = false;

    const call = async (browser: Session, method: string, url: string, body?: unknown) => {
      const { server, agent } = balancer.pick();
      const onOld = server === old;
      if (onOld) {
        sentToOld++;
        inFlightOnOld++;
      }
      try {
        const res = await browser.at(server.origin).send(method, url, body, agent);
        if (res.status >= 300) failures.push(`${onOld ? 'old' : 'new'} ${method} ${url}: ${res.status} ${res.text}`);
        else served[onOld ? 'old' : 'next']++;
        return res;
      } catch (err) {
        failures.push(`${onOld ? 'old' : 'new'} ${method} ${url}: ${String(err)}`);
        return null;
      } finally {
        if (onOld) inFlightOnOld--;
        progress.emit('served');
      }
    };

    const client = async (browser: Session, c: number) => {
      for (let i = 0; !stop; i++) {
        const created = await call(
          browser,
          'POST',
          '/admin/api/suppliers',
          supplierBody({ name: `Rolling ${c}-${i}` }),
        );
        if (created?.status !== 201) continue;
        const { id } = JSON.parse(created.text) as { id: number };
        acknowledged.set(id, `Rolling ${c}-${i}`);
        const renamed = await call(
          browser,
          'PUT',
          `/admin/api/suppliers/${id}`,
          supplierBody({ name: `Renamed ${c}-${i}` }),
        );
        if (renamed?.status === 200) acknowledged.set(id, `Renamed ${c}-${i}`);
        await call(browser, 'GET', `/admin/api/suppliers?q=${encodeURIComponent(`Renamed ${c}-`)}`);
        await call(
          browser,
          'GET',
          i % 2 ? '/admin/api/customers?q=Smith' : '/admin/api/stats/subscription-activity-trend-monthly',
        );
      }
    };
    /** Resolves once `done` holds, looked at after every answer. */
    const until = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        const look = () => {
          if (!done()) return;
          progress.off('served', look);
          resolve();
        };
        progress.on('served', look);
        look();
      });

    const load = Promise.all(browsers.map(client));
    await until(() => served.old >= 40);

    // This release starts on the database the old one is serving, and migrates it.
    const next = await startServer({ env: { ...env, LOG_LEVEL: 'warn' } });
    servers.push(next);
    console.log(
      `rolling upgrade: this release (${RELEASE_VERSION}, schema ${SCHEMA_MIGRATION}) ready in ` +
        `${(next.readyMs / 1000).toFixed(1)} s beside release ${PREVIOUS_RELEASE} under load`,
    );
    const ready = await fetch(`${next.origin}/ready`);
    expect(await ready.json()).toMatchObject({ status: 'ok', version: RELEASE_VERSION });
    balancer.add(next);
    await until(() => served.next >= 40);

    // Out of rotation and SIGTERM at a moment when every request sent to it has reached it and some are still
    // running: those must finish. Both in the same turn of the event loop, so no request is sent to it in between.
    let runningAtStop = 0;
    await new Promise<void>((resolve) =>
      oldLog.watch((received) => {
        if (received < sentToOld || inFlightOnOld === 0) return false;
        balancer.remove(old);
        runningAtStop = inFlightOnOld;
        void old.stop();
        resolve();
        return true;
      }),
    );
    const servedBeforeStop = served.next;
    await until(() => served.next >= servedBeforeStop + 40);
    expect(await old.exited, old.output().split('\n').slice(-30).join('\n')).toBe(0);
    stop = true;
    await load;
    console.log(
      `rolling upgrade: ${served.old} requests answered by release ${PREVIOUS_RELEASE}, ${served.next} by this ` +
        `release, ${runningAtStop} running on the old one at its SIGTERM, ${acknowledged.size} suppliers written`,
    );
    expect(failures).toEqual([]);

    // Every acknowledged write, read back through the new instance.
    const reader = browsers[0]!.at(next.origin);
    const misread: string[] = [];
    for (const [id, name] of acknowledged) {
      const res = await reader.request('GET', `/admin/api/suppliers/${id}`);
      const found = res.status === 200 ? ((await res.json()) as { name: string }).name : `status ${res.status}`;
      if (found !== name) misread.push(`${id}: ${found}, acknowledged as ${name}`);
    }
    expect(misread).toEqual([]);
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM suppliers WHERE name LIKE 'Rolling %' OR name LIKE 'Renamed %'`,
    );
    await db.end();
    expect(rows[0]!.n).toBe(acknowledged.size);
    expect(await next.stop()).toBe(0);
  }, 120_000);
});
