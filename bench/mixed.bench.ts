/**
 * Mixed load through real HTTP on real server processes (PostgreSQL target only): stats, lists, search and maps,
 * 32 workers with a session each, closed loop, first on one instance and then on two behind a round-robin
 * client; alone, then with one more worker per instance beside them downloading a CSV export after another (every
 * customer), kept out of the request rate and percentiles. The calls are drawn at random from what the API offers
 * (bench/varied-mix.ts), from a printed seed. Prints requests/s, p50/p95/p99, errors, p95 per kind of call, the
 * exports' count and p95, and each instance's event-loop delay (the longest any request waited behind another
 * one), split on Linux into the loop's own work and the wait for a core (bench/instance.mjs), and how many delays
 * passed 20 ms, of them how many the loop's own work made that long; then per run the p95 of each endpoint path
 * (the slow calls by name) and the ten slowest distinct calls with their URL.
 *
 * MIXED_BENCH_MIX       `varied` (default): calls drawn at random, seeded; `fixed`: a handful of fixed URLs in turn
 * MIXED_BENCH_SEED      the varied mix's seed, to repeat a run (default: a random one, printed)
 * MIXED_BENCH_SECONDS   measured seconds per run (default 20, after 5 s of warm-up)
 * MIXED_BENCH_WORKERS   concurrent workers (default 32)
 * MIXED_BENCH_INSTANCES comma list of instance counts to run (default 1,2)
 * MIXED_BENCH_EXPORTS   comma list of runs: `none`, the load alone; `search`, with the export workers beside it
 *                       downloading a common surname's customers (about 1 in 100); `all`, every customer
 *                       (default none,all)
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
import { variedMix, type Call, type Kind } from './varied-mix';
import { Session } from '../src/server/test/http-session';
import { serverDatabaseUrl, startServer, stopServer, type ServerProcess } from './server-process';

const seconds = Number(process.env.MIXED_BENCH_SECONDS ?? 20);
const workers = Number(process.env.MIXED_BENCH_WORKERS ?? 32);
const instanceCounts = (process.env.MIXED_BENCH_INSTANCES ?? '1,2').split(',').map(Number);
const EXPORTS = ['none', 'search', 'all'] as const;
type Exported = (typeof EXPORTS)[number];
const exportRuns = (process.env.MIXED_BENCH_EXPORTS ?? 'none,all').split(',').map((run) => {
  if (!EXPORTS.includes(run as Exported)) throw new Error(`MIXED_BENCH_EXPORTS: no run named "${run}"`);
  return run as Exported;
});
const rates = (process.env.MIXED_BENCH_RATE ?? '').split(',').filter(Boolean).map(Number);
/** `on,off,on,off`: each run with the job queue worked on the instances and without it (RUN_JOBS=0), alternated. */
const jobRuns = (process.env.MIXED_BENCH_JOBS ?? 'on').split(',').map((run) => {
  if (run !== 'on' && run !== 'off') throw new Error(`MIXED_BENCH_JOBS: "${run}" is neither on nor off`);
  return run;
});
const mixName = process.env.MIXED_BENCH_MIX ?? 'varied';
if (mixName !== 'varied' && mixName !== 'fixed') throw new Error(`MIXED_BENCH_MIX: no mix named "${mixName}"`);
const seed = Number(process.env.MIXED_BENCH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const WARMUP_SECONDS = 5;
const TARGET = { requestsPerSecond: 500, p99: 250 };

/** The calls the workers make; every one of `warmup` is made on each instance before the load is timed. */
interface Load {
  warmup: Call[];
  next(worker: number): Call;
}

/** A common surname among the customers: what the `search` export asks for. */
async function commonSurname(target: BenchTarget): Promise<string> {
  const [sample] = await target.db
    .select({ name: customers.name })
    .from(customers)
    .orderBy(desc(customers.id))
    .limit(1);
  return sample?.name.split(' ').at(-1)?.toLowerCase() ?? 'smith';
}

/** The fixed calls, made in turn, each kind weighted by how often staff make it: a dashboard draws many charts. */
function fixedMix(surname: string): Load {
  const stats = (Object.keys(STATS_ENDPOINTS) as StatsEndpoint[]).map((name) => {
    const views: readonly string[] = STATS_ENDPOINTS[name].views;
    const view = views.includes(DEFAULT_STATS_VIEW) ? DEFAULT_STATS_VIEW : views[0]!;
    return pathOf(statsEndpoints.trend, { name: trendName(name, view as typeof DEFAULT_STATS_VIEW) });
  });
  stats.push(statsEndpoints.upcomingCredits.path, pathOf(statsEndpoints.returnRateByModel, { limit: 100 }));
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
  const turns: number[] = [];
  return {
    warmup: mix,
    next(worker) {
      turns[worker] ??= worker;
      return mix[(turns[worker]++ * 7919) % mix.length]!;
    },
  };
}

/**
 * An open loop: `rate` calls a second spread evenly over the workers' sessions, whether or not earlier ones have
 * been answered, as many browsers would make them. Below the servers' capacity, a call waits only behind work
 * already running, so the event-loop delay shows how long one piece of work holds the loop.
 */
async function paced(
  sessions: Session[],
  rate: number,
  call: (session: Session, worker: number) => Promise<void>,
  stopped: () => boolean,
) {
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  for (let i = 0; !stopped(); i++) {
    const made = call(sessions[i % sessions.length]!, i % sessions.length).finally(() => inFlight.delete(made));
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

interface Sample {
  kind: Kind;
  url: string;
  ms: number;
  status: number;
}

/** A list page read to its next-page cursor: its body decoded, unlike the other calls'. */
async function withCursor(session: Session, url: string) {
  const start = performance.now();
  const res = await session.fetch(url);
  const body = (res.ok ? await res.json() : (await res.text(), {})) as { nextCursor?: string | null };
  return { status: res.status, ms: performance.now() - start, cursor: body.nextCursor };
}

/**
 * The p95 of each endpoint path by kind (a stats chart's path names it), slowest first; the ten slowest calls; the
 * first ten calls that failed, with their status (0: no answer).
 */
function slowCalls(samples: Sample[]) {
  const byPath = new Map<string, number[]>();
  for (const { kind, url, ms } of samples) {
    const key = `${kind} ${url.split('?')[0]}`;
    if (!byPath.has(key)) byPath.set(key, []);
    byPath.get(key)!.push(ms);
  }
  const endpoints = [...byPath]
    .map(([call, ms]) => {
      ms.sort((a, b) => a - b);
      return { call, n: ms.length, p50: pct(ms, 50), p95: pct(ms, 95), max: pct(ms, 100) };
    })
    .sort((a, b) => b.p95 - a.p95);
  const slowest = new Map<string, number>();
  for (const { url, ms } of samples) slowest.set(url, Math.max(ms, slowest.get(url) ?? 0));
  const failed = new Map(samples.filter((s) => s.status !== 200).map(({ url, status }) => [url, status]));
  return {
    endpoints,
    failed: [...failed].slice(0, 10).map(([url, status]) => ({ status, url })),
    slowest: [...slowest]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([url, ms]) => ({ ms: Math.round(ms * 10) / 10, url })),
  };
}

async function run(
  target: BenchTarget,
  instances: ServerProcess[],
  load: Load,
  exportUrl: string,
  pace: number | undefined,
) {
  const exporting = exportUrl !== '';
  const sessions = await Promise.all(
    Array.from({ length: workers + (exporting ? instances.length : 0) }, async (_, i) => {
      // Administrators: the audit log and the mail outbox are among the lists.
      const user = await createStaffUser(target.db, { role: 'administrator' });
      const session = new Session(instances[i % instances.length]!.url);
      await session.signIn(user.email, user.password);
      return session;
    }),
  );
  // Each instance answers stats once its rollup is there, and maps once their indexes are built: every call is
  // made once on each instance first, to time the load, not a start.
  for (const session of sessions.slice(0, instances.length))
    for (const call of load.warmup)
      for (let tries = 0; (await session.get(call.url)).status !== 200; tries++)
        if (tries > 600) throw new Error(`an instance did not answer ${call.url} within 10 minutes`);
  const samples: Sample[] = [];
  const exports: { ms: number; status: number }[] = [];
  let measuring = false;
  let stop = false;
  const exporters = sessions.splice(workers).map(async (session) => {
    while (!stop) {
      const { status, ms } = await session.get(exportUrl);
      if (measuring) exports.push({ ms, status });
    }
  });
  const call = async (session: Session, worker: number) => {
    const { kind, url, next } = load.next(worker);
    const answer = next ? await withCursor(session, url) : await session.get(url);
    if (measuring) samples.push({ kind, url, ms: answer.ms, status: answer.status });
    if (!next || !('cursor' in answer) || typeof answer.cursor !== 'string') return;
    const nextPage = next(answer.cursor);
    const { status, ms } = await session.get(nextPage);
    if (measuring) samples.push({ kind, url: nextPage, ms, status });
  };
  const loops = pace
    ? [paced(sessions, pace, call, () => stop)]
    : sessions.map(async (session, w) => {
        while (!stop) await call(session, w);
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
    ...slowCalls(samples),
  };
}

export default async function mixedBench(ctx: BenchContext): Promise<void> {
  const rows = [];
  const runs = [];
  for await (const target of ctx.targets()) {
    if (target.kind !== 'postgres' || !process.env.DATABASE_URL) {
      console.log(`mixed: skipped on ${target.kind} (several server processes need a PostgreSQL server)`);
      continue;
    }
    const surname = await commonSurname(target);
    const load = mixName === 'varied' ? await variedMix(target.db, seed) : fixedMix(surname);
    if (mixName === 'varied')
      console.log(`mixed: the varied mix drawn from seed ${seed} (MIXED_BENCH_SEED to repeat it)`);
    const exportUrls: Record<Exported, string> = {
      none: '',
      search: `${customerEndpoints.export.path}?q=${surname}`,
      all: customerEndpoints.export.path,
    };
    const databaseUrl = serverDatabaseUrl()!;
    for (const count of instanceCounts)
      for (const exported of exportRuns)
        for (const rate of rates.length ? rates : [undefined])
          for (const jobs of jobRuns) {
            const instances: ServerProcess[] = [];
            for (let i = 0; i < count; i++)
              instances.push(await startServer(databaseUrl, spaShell(), { RUN_JOBS: jobs === 'on' ? '1' : '0' }));
            const loadBefore = os.loadavg()[0]!;
            let result;
            try {
              const { endpoints, slowest, failed, ...summary } = await run(
                target,
                instances,
                load,
                exportUrls[exported],
                rate,
              );
              result = summary;
              const label = `${count} instance(s), exports ${exported}${rate ? `, paced ${rate}/s` : ''}, jobs ${jobs}`;
              console.log(`\n${label}: the slowest endpoints (p95, ms), of ${endpoints.length}`);
              console.table(endpoints.slice(0, 15));
              console.log(`${label}: the ten slowest calls`);
              console.table(slowest);
              if (failed.length) console.table(failed);
              runs.push({ run: label, endpoints, slowest, failed });
            } finally {
              const loops = await Promise.all(instances.map(stopServer));
              const met =
                result &&
                result['requests/s'] >= TARGET.requestsPerSecond &&
                result.p99 <= TARGET.p99 &&
                !result.errors;
              rows.push({
                db: target.kind,
                mix: mixName === 'varied' ? `varied (seed ${seed})` : 'fixed',
                instances: count,
                workers,
                load: rate ? `paced ${rate}/s` : 'closed loop',
                exports: exported === 'none' ? 'none' : `beside (${exported})`,
                'job queue': jobs === 'on' ? 'worked here' : 'off (RUN_JOBS=0)',
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
  const suffix = `${mixName === 'fixed' ? '-fixed' : ''}${rates.length ? '-paced' : ''}${jobRuns.includes('off') ? '-queue' : ''}`;
  record(`mixed${suffix}`, rows, {
    scale: ctx.scale,
    ...(mixName === 'varied' && { seed }),
    seconds,
    workers,
    database: process.env.DATABASE_SOCKET_URL ? 'unix socket' : 'tcp',
    client: 'node:http keep-alive, gzip/br accepted, bodies read but not decoded (but for a cursor followed)',
    runs,
  });
}
