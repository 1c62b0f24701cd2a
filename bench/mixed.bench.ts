/**
 * Mixed load through real HTTP on real server processes (PostgreSQL target only): stats, lists, search and maps,
 * 32 workers with a session each, closed loop, first on one instance and then on two behind a round-robin
 * client; alone, then with one more worker per instance beside them downloading a CSV export after another (a
 * search's customers), kept out of the request rate and percentiles. Prints requests/s, p50/p95/p99, errors, p95 per kind of call,
 * the exports' count and p95, and each instance's event-loop delay (the longest any request waited behind
 * another one), split on Linux into the loop's own work and the wait for a core (bench/instance.mjs), and how many
 * delays passed 20 ms, of them how many the loop's own work made that long.
 *
 * MIXED_BENCH_SECONDS   measured seconds per run (default 20, after 5 s of warm-up)
 * MIXED_BENCH_WORKERS   concurrent workers (default 32)
 * MIXED_BENCH_INSTANCES comma list of instance counts to run (default 1,2)
 * MIXED_BENCH_EXPORTS   comma list of runs: `none`, the load alone; `search`, with the export workers beside it
 *                       downloading a common surname's customers (about 1 in 100); `all`, every customer
 *                       (default none,search)
 * MIXED_BENCH_RATE      comma list of calls a second, paced (an open loop over the workers' sessions) instead of
 *                       each worker calling again as soon as it is answered: the event loop's delay below saturation
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { desc } from 'drizzle-orm';
import { customers } from '../src/server/db/schema';
import { createStaffUser, spaShell } from '../src/server/test/app';
import { pathOf } from '../src/contract/endpoint';
import { customerEndpoints } from '../src/contract/customers';
import { mapEndpoints } from '../src/contract/maps';
import { devicesEndpoints } from '../src/contract/devices';
import { cancellationEndpoints, subscriptionEndpoints } from '../src/contract/subscriptions';
import {
  DEFAULT_STATS_VIEW,
  STATS_ENDPOINTS,
  statsEndpoints,
  trendName,
  type StatsEndpoint,
} from '../src/contract/stats';
import { record, type BenchContext, type BenchTarget } from './support';
import { Session } from '../src/server/test/http-session';
import { serverDatabaseUrl, startServer, stopServer, type ServerProcess } from './server-process';

const seconds = Number(process.env.MIXED_BENCH_SECONDS ?? 20);
const workers = Number(process.env.MIXED_BENCH_WORKERS ?? 32);
const instanceCounts = (process.env.MIXED_BENCH_INSTANCES ?? '1,2').split(',').map(Number);
const EXPORTS = ['none', 'search', 'all'] as const;
type Exported = (typeof EXPORTS)[number];
const exportRuns = (process.env.MIXED_BENCH_EXPORTS ?? 'none,search').split(',').map((run) => {
  if (!EXPORTS.includes(run as Exported)) throw new Error(`MIXED_BENCH_EXPORTS: no run named "${run}"`);
  return run as Exported;
});
const rates = (process.env.MIXED_BENCH_RATE ?? '').split(',').filter(Boolean).map(Number);
const WARMUP_SECONDS = 5;
const TARGET = { requestsPerSecond: 500, p99: 250 };

type Kind = 'stats' | 'lists' | 'search' | 'maps';
interface Call {
  kind: Kind;
  url: string;
}

/** The calls of the load, each kind weighted by how often staff make it: a dashboard draws many charts. */
async function calls(target: BenchTarget): Promise<{ mix: Call[]; exportUrls: Record<Exported, string> }> {
  const stats = (Object.keys(STATS_ENDPOINTS) as StatsEndpoint[]).map((name) => {
    const views: readonly string[] = STATS_ENDPOINTS[name].views;
    const view = views.includes(DEFAULT_STATS_VIEW) ? DEFAULT_STATS_VIEW : views[0]!;
    return pathOf(statsEndpoints.trend, { name: trendName(name, view as typeof DEFAULT_STATS_VIEW) });
  });
  stats.push(statsEndpoints.upcomingCredits.path, pathOf(statsEndpoints.returnRateByModel, { limit: 100 }));
  const [sample] = await target.db
    .select({ name: customers.name })
    .from(customers)
    .orderBy(desc(customers.id))
    .limit(1);
  const surname = sample?.name.split(' ').at(-1)?.toLowerCase() ?? 'smith';
  const search = ['mar', 'thomp', surname].map((q) => `${customerEndpoints.search.path}?q=${q}`);
  const lists = [
    customerEndpoints.list.path,
    subscriptionEndpoints.list.path,
    cancellationEndpoints.list.path,
    devicesEndpoints.list.path,
  ];
  // The maps as staff open them: the dashboard's members, the general map, the prospect map, zoomed into a city.
  const maps = [
    'zoom=4&west=-130&south=20&east=-60&north=52&members=1',
    'zoom=4&west=-130&south=20&east=-60&north=52&members=1&visits=all',
    'zoom=5&west=-125&south=24&east=-66&north=50&visits=all',
    'zoom=9&west=-88.2&south=41.5&east=-87.2&north=42.2&members=1&visits=all',
    'zoom=12&west=-87.7&south=41.85&east=-87.6&north=41.92&members=1',
  ].map((view) => `${mapEndpoints.clusters.path}?${view}`);
  const mix = [
    ...stats.map((url) => ({ kind: 'stats' as const, url })),
    ...maps.map((url) => ({ kind: 'maps' as const, url })),
    ...lists.flatMap((url) => [url, url].map((u) => ({ kind: 'lists' as const, url: u }))),
    ...search.map((url) => ({ kind: 'search' as const, url })),
  ];
  const exportUrls = {
    none: '',
    search: `${customerEndpoints.export.path}?q=${surname}`,
    all: customerEndpoints.export.path,
  };
  return { mix, exportUrls };
}

/**
 * An open loop: `rate` calls a second spread evenly over the workers' sessions, whether or not earlier ones have
 * been answered, as many browsers would make them. Below the servers' capacity, a call waits only behind work
 * already running, so the event-loop delay shows how long one piece of work holds the loop.
 */
async function paced(
  sessions: Session[],
  rate: number,
  call: (session: Session, i: number) => Promise<void>,
  stopped: () => boolean,
) {
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  for (let i = 0; !stopped(); i++) {
    const made = call(sessions[i % sessions.length]!, i).finally(() => inFlight.delete(made));
    inFlight.add(made);
    const wait = started + ((i + 1) * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all(inFlight);
}

const pct = (sorted: number[], p: number) =>
  sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10
    : 0;

async function run(
  target: BenchTarget,
  instances: ServerProcess[],
  { mix, exportUrls }: Awaited<ReturnType<typeof calls>>,
  exported: Exported,
  pace: number | undefined,
) {
  const exporting = exported !== 'none';
  const sessions = await Promise.all(
    Array.from({ length: workers + (exporting ? instances.length : 0) }, async (_, i) => {
      const user = await createStaffUser(target.db, { role: 'analyst' });
      const session = new Session(instances[i % instances.length]!.url);
      await session.signIn(user.email, user.password);
      return session;
    }),
  );
  // Each instance answers stats once its rollup is there, and maps once their indexes are built: every call is
  // made once on each instance first, to time the load, not a start.
  for (const session of sessions.slice(0, instances.length))
    for (const call of mix)
      for (let tries = 0; (await session.get(call.url)).status !== 200; tries++)
        if (tries > 600) throw new Error(`an instance did not answer ${call.url} within 10 minutes`);
  const samples: { kind: Kind; ms: number; status: number }[] = [];
  const exports: { ms: number; status: number }[] = [];
  let measuring = false;
  let stop = false;
  const exporters = sessions.splice(workers).map(async (session) => {
    while (!stop) {
      const { status, ms } = await session.get(exportUrls[exported]);
      if (measuring) exports.push({ ms, status });
    }
  });
  const call = async (session: Session, i: number) => {
    const { kind, url } = mix[(i * 7919) % mix.length]!;
    const { status, ms } = await session.get(url);
    if (measuring) samples.push({ kind, ms, status });
  };
  const loops = pace
    ? [paced(sessions, pace, call, () => stop)]
    : sessions.map(async (session, w) => {
        for (let i = w; !stop; i++) await call(session, i);
      });
  await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
  for (const instance of instances) instance.child.kill('SIGUSR2');
  measuring = true;
  const started = performance.now();
  const clientCpu = process.cpuUsage();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(clientCpu);
  stop = true;
  await Promise.all([...loops, ...exporters]);
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const byKind = Object.fromEntries(
    (['stats', 'lists', 'search', 'maps'] as Kind[]).map((kind) => {
      const ms = samples
        .filter((s) => s.kind === kind)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      return [`p95 ${kind}`, pct(ms, 95)];
    }),
  );
  return {
    requests: samples.length,
    'requests/s': Math.round(samples.length / elapsed),
    p50: pct(all, 50),
    p95: pct(all, 95),
    p99: pct(all, 99),
    errors: samples.filter((s) => s.status !== 200).length + exports.filter((s) => s.status !== 200).length,
    ...byKind,
    'exports done': exports.length,
    // The load generator shares the 2 cores with the servers and PostgreSQL: what it took of them.
    'client CPU (%)': Math.round((user + system) / 1e4 / elapsed),
    'p95 exports': pct(
      exports.map((s) => s.ms).sort((a, b) => a - b),
      95,
    ),
  };
}

export default async function mixedBench(ctx: BenchContext): Promise<void> {
  const rows = [];
  for await (const target of ctx.targets()) {
    if (target.kind !== 'postgres' || !process.env.DATABASE_URL) {
      console.log(`mixed: skipped on ${target.kind} (several server processes need a PostgreSQL server)`);
      continue;
    }
    const load = await calls(target);
    const databaseUrl = serverDatabaseUrl()!;
    for (const count of instanceCounts)
      for (const exported of exportRuns)
        for (const rate of rates.length ? rates : [undefined]) {
          const instances: ServerProcess[] = [];
          for (let i = 0; i < count; i++) instances.push(await startServer(databaseUrl, spaShell()));
          const loadBefore = os.loadavg()[0]!;
          let result;
          try {
            result = await run(target, instances, load, exported, rate);
          } finally {
            const loops = await Promise.all(instances.map(stopServer));
            const met =
              result && result['requests/s'] >= TARGET.requestsPerSecond && result.p99 <= TARGET.p99 && !result.errors;
            rows.push({
              db: target.kind,
              instances: count,
              workers,
              load: rate ? `paced ${rate}/s` : 'closed loop',
              exports: exported === 'none' ? 'none' : `beside (${exported})`,
              ...result,
              'event loop max (ms)': Math.max(...loops.map((l) => l.max)),
              'event loop p99 (ms)': Math.max(...loops.map((l) => l.p99)),
              'event loop busy': Math.max(...loops.map((l) => l.utilization)),
              'event loop max on CPU (ms)': Math.max(...loops.map((l) => l.maxOnCpu ?? NaN)),
              'longest delay waiting for a core (ms)': Math.max(...loops.map((l) => l.longestWaitingForCore ?? NaN)),
              'delays > 20 ms': loops.reduce((n, l) => n + l.overGoal, 0),
              'of them, > 20 ms on CPU': loops.reduce((n, l) => n + (l.overGoalOnCpu ?? NaN), 0),
              'longest GC pause (ms)': Math.max(...loops.map((l) => l.gcMax)),
              'longest GC kind': loops.reduce((a, b) => (b.gcMax > a.gcMax ? b : a)).gcMaxKind,
              'GC pauses > 10 ms': loops.reduce((n, l) => n + l.gcOver10, 0),
              target: rate
                ? 'paced: no throughput target'
                : `≥ ${TARGET.requestsPerSecond}/s, p99 ≤ ${TARGET.p99} ms: ${met ? 'met' : 'MISSED'}`,
              'load average': `${loadBefore.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)}`,
            });
          }
        }
  }
  record(rates.length ? 'mixed-paced' : 'mixed', rows, {
    scale: ctx.scale,
    seconds,
    workers,
    database: process.env.DATABASE_SOCKET_URL ? 'unix socket' : 'tcp',
    client: 'node:http keep-alive, gzip/br accepted, bodies read but not decoded',
  });
}
