/**
 * `npm run bench [-- suite ...]`: runs bench/<suite>.bench.ts (all by default) on every target database
 * loaded with the bench data set. Not a test: it measures and records bench/results/<suite>.json.
 *
 * BENCH_SCALE   data set scale (default `large`: 1,000,000 customers over 10 years; `demo` for a quick run)
 * BENCH_TARGETS comma list of `pglite`, `postgres` (default both; postgres needs DATABASE_URL, which
 *               `npm run bench` provides with a throwaway server)
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import type { Database } from '../src/server/db/types';
import { ensureReferenceData } from '../src/server/seed/reference';
import { generate, hasCustomers, type Scale } from '../src/server/seed/generate';
import { ensureRollup } from '../src/server/modules/stats/stats.rollup';
import { createStaffUser, signedInAgent, spaShell } from '../src/server/test/app';
import type { BenchContext, BenchTarget } from './support';

const scale = (process.env.BENCH_SCALE ?? 'large') as Scale;
const kinds = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',') as BenchTarget['kind'][];
const timeZone = testConfig().BUSINESS_TIMEZONE;

async function loaded(database: Database, label: string, at: Scale): Promise<Database> {
  await ensureReferenceData(database.db);
  if (!(await hasCustomers(database.db))) {
    console.log(`Loading the ${at} data set into ${label} (once; kept for later runs where possible)...`);
    const started = Date.now();
    // As `npm run seed` does: the rollup triggers first, so the load keeps the rollup built.
    await ensureRollup(database.db, timeZone);
    await generate(database.db, { scale: at, timeZone });
    console.log(`  loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // Fresh tables have no planner statistics or visibility map until autovacuum gets to them, as after
    // `npm run seed`, which runs the same: measure with them in place.
    await database.db.execute(sql`VACUUM ANALYZE`);
  }
  return database;
}

/** DATABASE_URL, or at another scale than the run's a database beside it (created when missing). */
async function postgresUrl(at: Scale): Promise<string> {
  if (!process.env.DATABASE_URL) throw new Error('The postgres target needs DATABASE_URL (npm run bench sets one up).');
  if (at === scale) return process.env.DATABASE_URL;
  const url = new URL(process.env.DATABASE_URL);
  const name = `${url.pathname.slice(1)}_${at}`;
  const server = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  try {
    const { rows } = (await server.db.execute(sql`SELECT 1 FROM pg_database WHERE datname = ${name}`)) as unknown as {
      rows: unknown[];
    };
    if (!rows.length) await server.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
  } finally {
    await server.close();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

async function openTarget(
  kind: BenchTarget['kind'],
  at: Scale = scale,
): Promise<{ target: BenchTarget; close(): Promise<void> }> {
  let database: Database;
  if (kind === 'postgres') {
    database = await loaded(await openDatabase({ databaseUrl: await postgresUrl(at) }), 'PostgreSQL', at);
  } else {
    // The PGlite copy is kept between runs: loading the large set into it takes a while.
    const dataDir = path.join('.tmp', 'bench', `pglite-${at}`);
    database = await loaded(await openDatabase({ dataDir }), `PGlite (${dataDir})`, at);
  }
  const app = await buildApp(testConfig({ LOGIN_RATE_LIMIT: 100_000 }), { database, webDir: spaShell() });
  await app.ready();
  const agent = await signedInAgent(app, await createStaffUser(database.db, { canForceCreate: true, isRep: true }));
  return {
    target: { kind, db: database.db, agent },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function main() {
  const requested = process.argv.slice(2);
  const available = fs
    .readdirSync('bench')
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.replace('.bench.ts', ''));
  const suites = requested.length ? requested : available;
  const unknown = suites.filter((s) => !available.includes(s));
  if (unknown.length)
    throw new Error(`Unknown bench suite(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);

  const opened: Awaited<ReturnType<typeof openTarget>>[] = [];
  const peers = new Map<string, Awaited<ReturnType<typeof openTarget>>>();
  const ctx: BenchContext = {
    scale,
    async *targets() {
      for (const kind of kinds) {
        let entry = opened.find((o) => o.target.kind === kind);
        if (!entry) {
          entry = await openTarget(kind);
          opened.push(entry);
        }
        yield entry.target;
      }
    },
    async demoPeer(target) {
      const key = `${target.kind}:demo`;
      let entry = peers.get(key);
      if (!entry) peers.set(key, (entry = await openTarget(target.kind, 'demo')));
      return entry.target;
    },
  };
  try {
    for (const suite of suites) {
      const mod = (await import(`./${suite}.bench.ts`)) as { default: (ctx: BenchContext) => Promise<void> };
      console.log(`\n# ${suite} (scale ${scale})`);
      await mod.default(ctx);
    }
  } finally {
    for (const o of [...opened, ...peers.values()]) await o.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
