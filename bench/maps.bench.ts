/**
 * Maps. The app's maps draw clusters the server computes per view (ADR 017): for each layer set, the first
 * answer (the index built from the database), then views at every zoom, panned at random over the data's bounds
 * (p50/p95 of answers asked as Chromium asks, and the gzip size of the view with the most items). The §7 endpoints
 * that answer every marker are timed too, for the record. In headless Chromium, the general map page: navigation →
 * first marker or cluster drawn, and the page's JS heap. On PostgreSQL, the first view after a start: the real server
 * started as its own process, signed in as soon as it is ready, asks the general map's first view (ADR 040).
 *
 * BENCH_WEB_DIR  an already built SPA (default: built with Vite into .tmp/bench/web)
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { createStaffUser, spaShell } from '../src/server/test/app';
import { Session } from '../src/server/test/http-session';
import { cellToLatLng } from 'h3-js';
import { mapEndpoints, type ClusterView, type CoverageView, type MapMarker } from '../src/contract/maps';
import { launchBrowser } from '../e2e/support/harness';
import {
  benchDatabase,
  measure,
  measureSideBySide,
  recordWithScaleRatio,
  type BenchContext,
  type BenchTarget,
} from './support';
import { serverDatabaseUrl, startServer, stopServer } from './server-process';

const BROWSER_RUNS = 5;

function webDir(): string {
  if (process.env.BENCH_WEB_DIR) return path.resolve(process.env.BENCH_WEB_DIR);
  const dir = path.resolve('.tmp', 'bench', 'web');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dir], { stdio: 'inherit' });
  return dir;
}

const kb = (bytes: number) => Math.round(bytes / 1024);

async function endpointRow(target: BenchTarget, url: string) {
  const get = async (encoding: string) => {
    const res = await target.agent.get(url, { 'accept-encoding': encoding });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res;
  };
  const plain = await get('identity');
  const gzip = await get('gzip');
  const brotli = await get('br');
  const timing = await measure(() => get('gzip'), { warmup: 1, iterations: 3 });
  return {
    db: target.kind,
    call: url,
    markers: (plain.json() as MapMarker[]).length,
    rawKB: kb(plain.rawPayload.length),
    gzipKB: kb(gzip.rawPayload.length),
    brotliKB: kb(brotli.rawPayload.length),
    gzipHeader: gzip.headers['content-encoding'] ?? 'none',
    httpP50: timing.p50,
    httpP95: timing.p95,
  };
}

/**
 * Views asked per zoom, each a different pan, as a person moving about the map makes them: a view asked again
 * would find what the last answer left behind (the clusters' expansion zooms). A p95 of 50 answers was their third
 * slowest, which on a shared machine put the same 17-item view at 1× or 3× another run's; of 200 it is the tenth.
 */
const PANS_PER_ZOOM = 200;
const WARMUP = 2;

/** What Chromium asks for: the map's views are timed as the page gets them (brotli; ADR 026). */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';
const DECODE: Record<string, (body: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };

/** The body of an answer, decoded (answers under 1 KB go uncompressed). */
const bodyOf = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
  const decode = DECODE[String(res.headers['content-encoding'])];
  return JSON.parse((decode ? decode(res.rawPayload) : res.rawPayload).toString()) as ClusterView;
};
const ZOOMS = [4, 6, 8, 10, 12, 14, 16];

/**
 * Views of a 1280×600 map at `zoom`, each near one of `centres` (where a person would zoom in: the clusters and
 * markers of the zoom before), moved by up to half a view each way so no two are the same; deterministic so
 * runs compare.
 */
function views(centres: { lat: number; lng: number }[], zoom: number, count: number): string[] {
  const width = (1280 / 256) * (360 / 2 ** zoom);
  const height = (600 / 256) * (170 / 2 ** zoom);
  const r = (n: number) => n.toFixed(4);
  // Fractional parts of multiples of irrational numbers: offsets spread evenly over the view, never repeating.
  const offset = (i: number, step: number) => ((i * step) % 1) - 0.5;
  return Array.from({ length: count }, (_, i) => {
    const centre = centres[(i * 7919) % centres.length]!;
    const lng = centre.lng + offset(i, Math.SQRT2) * width;
    const lat = centre.lat + offset(i, Math.PI) * height;
    return `zoom=${zoom}&west=${r(lng - width / 2)}&south=${r(Math.max(-90, lat - height / 2))}&east=${r(lng + width / 2)}&north=${r(Math.min(90, lat + height / 2))}`;
  });
}

/** A layer set's first answer (the index built) on a target, and the views it offers to zoom into. */
async function firstAnswer(target: BenchTarget, url: (view: string) => string, layers: string) {
  const whole = 'zoom=4&west=-130&south=20&east=-60&north=52';
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const first = await target.agent.get(url(whole), { 'accept-encoding': 'gzip' });
  if (first.statusCode !== 200) throw new Error(`${url(whole)} answered ${first.statusCode}: ${first.body}`);
  const coldMs = Math.round(performance.now() - started);
  const view = bodyOf(first);
  return {
    row: {
      db: target.kind,
      call: `clusters ${layers}: first answer (index built)`,
      points: view.total,
      httpP95: coldMs,
      rssGrowthMB: Math.round((process.memoryUsage().rss - rssBefore) / 1024 / 1024),
    },
    view,
  };
}

/**
 * A layer set's rows: its first answer, then views at each zoom. With a demo-scale `peer`, the peer's views are
 * asked in turn with the target's, and each row carries the peer's figures and the ratio of the two p95s.
 */
async function clusterRows(target: BenchTarget, layers: string, peer?: BenchTarget) {
  const url = (view: string) => `${mapEndpoints.clusters.path}?${view}&${layers}`;
  const sides = [target, ...(peer ? [peer] : [])];
  const firsts = [];
  for (const side of sides) firsts.push(await firstAnswer(side, url, layers));
  const rows: Record<string, unknown>[] = [firsts[0]!.row];
  let centres = firsts.map((f) => f.view.items);
  for (const zoom of ZOOMS) {
    if (centres.some((c) => !c.length)) break;
    const seen = sides.map((): ClusterView['items'] => []);
    const largest = sides.map(() => ({ url: '', items: 0, gzip: 0 }));
    const timings = await measureSideBySide(
      sides.map((side, at) => {
        const urls = views(centres[at]!, zoom, PANS_PER_ZOOM + WARMUP).map(url);
        let i = 0;
        return async () => {
          const viewUrl = urls[i++]!;
          const res = await side.agent.get(viewUrl, { 'accept-encoding': BROWSER_ENCODING });
          if (res.statusCode !== 200) throw new Error(`clusters answered ${res.statusCode}: ${res.body}`);
          const items = bodyOf(res).items;
          if (items.length > largest[at]!.items) largest[at] = { url: viewUrl, items: items.length, gzip: 0 };
          seen[at]!.push(...items);
        };
      }),
      { warmup: WARMUP, iterations: PANS_PER_ZOOM },
    );
    // The goal's size is gzip's, which every client takes: the view with the most items, asked again for it.
    for (const [at, side] of sides.entries())
      largest[at]!.gzip = (await side.agent.get(largest[at]!.url, { 'accept-encoding': 'gzip' })).rawPayload.length;
    const [timing, peerTiming] = timings;
    rows.push({
      db: target.kind,
      call: `clusters ${layers}: zoom ${zoom}, ${PANS_PER_ZOOM} pans`,
      points: firsts[0]!.view.total,
      items: largest[0]!.items,
      gzipKB: Math.round((largest[0]!.gzip / 1024) * 10) / 10,
      httpP50: timing!.p50,
      httpP95: timing!.p95,
      ...(peerTiming && {
        demoItems: largest[1]!.items,
        demoP50: peerTiming.p50,
        demoP95: peerTiming.p95,
        'large ÷ demo': Math.round((timing!.p95 / Math.max(peerTiming.p95, 0.01)) * 100) / 100,
      }),
    });
    centres = seen;
  }
  return rows;
}

/**
 * The coverage layer (ADR 053): its first answer (the hexagons built from everyone's tests), then views of each
 * carrier at each zoom near the first answer's cells: p50/p95 as Chromium asks, and gzip size of the fullest view.
 */
async function coverageRows(target: BenchTarget) {
  const url = (view: string) => `${mapEndpoints.coverage.path}?${view}`;
  const started = performance.now();
  const first = await target.agent.get(url('zoom=4&west=-130&south=20&east=-60&north=52'));
  if (first.statusCode !== 200) throw new Error(`coverage answered ${first.statusCode}: ${first.body}`);
  const rows: Record<string, unknown>[] = [
    {
      db: target.kind,
      call: 'coverage: first answer (hexagons built)',
      httpP95: Math.round(performance.now() - started),
    },
  ];
  const { carriers } = first.json<CoverageView>();
  const centres = first
    .json<CoverageView>()
    .cells.map((c) => cellToLatLng(c.cell))
    .map(([lat, lng]) => ({ lat, lng }));
  for (const zoom of ZOOMS) {
    const urls = carriers.flatMap((c) =>
      views(centres, zoom, PANS_PER_ZOOM + WARMUP).map((v) => url(`${v}&carrier=${c.id}`)),
    );
    let i = 0;
    let largest = { url: '', cells: 0 };
    const timing = await measure(
      async () => {
        const viewUrl = urls[i++ % urls.length]!;
        const res = await target.agent.get(viewUrl, { 'accept-encoding': BROWSER_ENCODING });
        if (res.statusCode !== 200) throw new Error(`coverage answered ${res.statusCode}: ${res.body}`);
        const decode = DECODE[String(res.headers['content-encoding'])];
        const cells = (JSON.parse((decode ? decode(res.rawPayload) : res.rawPayload).toString()) as CoverageView).cells;
        if (cells.length > largest.cells) largest = { url: viewUrl, cells: cells.length };
      },
      { warmup: WARMUP, iterations: PANS_PER_ZOOM },
    );
    const gzip = largest.url
      ? (await target.agent.get(largest.url, { 'accept-encoding': 'gzip' })).rawPayload.length
      : 0;
    rows.push({
      db: target.kind,
      call: `coverage: zoom ${zoom}, ${PANS_PER_ZOOM} pans over the carriers`,
      items: largest.cells,
      gzipKB: Math.round((gzip / 1024) * 10) / 10,
      httpP50: timing.p50,
      httpP95: timing.p95,
    });
  }
  return rows;
}

/** The general map page in Chromium: navigation → first marker or cluster drawn, and the JS heap then. */
async function firstDraw(target: BenchTarget, dir: string) {
  const database = benchDatabase(target);
  const app = await buildApp(testConfig({ LOGIN_RATE_LIMIT: 100_000 }), { database, webDir: dir });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const baseURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await launchBrowser();
  const user = await createStaffUser(target.db);
  const runs: { navigationToDraw: number; heapMB: number }[] = [];
  try {
    for (let run = 0; run < BROWSER_RUNS; run++) {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto('/admin/login');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/admin');
      // Notes the moment the first marker or cluster reaches the page.
      await page.addInitScript(() => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('.leaflet-marker-icon')) {
            (window as unknown as { firstDraw: number }).firstDraw = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      await page.goto('/admin/map');
      await page.waitForFunction(
        () => {
          if (document.querySelector('[role="alert"]')) throw new Error('The map showed an error instead of markers.');
          return (window as unknown as { firstDraw?: number }).firstDraw !== undefined;
        },
        undefined,
        { timeout: 120_000 },
      );
      const navigationToDraw = await page.evaluate(() =>
        Math.round((window as unknown as { firstDraw: number }).firstDraw),
      );
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      runs.push({ navigationToDraw, heapMB: Math.round(heap.usedSize / 1024 / 1024) });
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
  }
  const median = (pick: (r: (typeof runs)[number]) => number) =>
    runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  return {
    navigationToDrawMs: median((r) => r.navigationToDraw),
    heapMB: median((r) => r.heapMB),
    runs: runs.map((r) => r.navigationToDraw).join(' '),
  };
}

/** Pairs of starts of the real server timed: one with no sketch saved, then one with the sketch it saved. */
const STARTS = 3;

/** Milliseconds since `from`. */
const since = (from: number) => Math.round(performance.now() - from);

/**
 * One start of the real server as its own process (bench/server-process.ts): signed in as soon as it says it is
 * ready, it asks the general map's first view; then, asking again every 100 ms, until the answer is not coarse
 * (the full indexes built). The call's own time, the time from ready to the full view, and the load average.
 */
async function startAndView(user: { email: string; password: string }) {
  const url = `${mapEndpoints.clusters.path}?zoom=4&west=-130&south=20&east=-60&north=52&members=1&visits=all`;
  const load = os.loadavg()[0]!;
  const server = await startServer(serverDatabaseUrl()!, spaShell());
  const ready = performance.now();
  try {
    const session = new Session(server.url);
    await session.signIn(user.email, user.password);
    const ask = async () => {
      const res = await session.request('GET', url);
      if (res.status !== 200) throw new Error(`clusters answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as ClusterView;
    };
    const asked = performance.now();
    const first = await ask();
    const callMs = since(asked);
    let view = first;
    while (view.coarse) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      view = await ask();
    }
    if (view.total !== first.total) throw new Error(`the first view counted ${first.total}, the index ${view.total}`);
    return { callMs, fullMs: since(ready), total: first.total, coarse: first.coarse, load };
  } finally {
    await stopServer(server);
  }
}

/**
 * The general map's first view after a start (ADR 040), STARTS times in pairs so both meet the same moments of a
 * shared machine: a start with no sketch saved (the first start on a database), then one with the sketch the
 * start before saved (any later start). Medians, and each start's call with the load average before it.
 */
async function firstViewAfterStart(target: BenchTarget) {
  const user = await createStaffUser(target.db);
  const [fresh, sketched]: Awaited<ReturnType<typeof startAndView>>[][] = [[], []];
  // The table is made by the first start's migration.
  const forget = () =>
    target.db.execute(
      sql`DO $$ BEGIN IF to_regclass('map_sketches') IS NOT NULL THEN DELETE FROM map_sketches; END IF; END $$`,
    );
  for (let pair = 0; pair < STARTS; pair++) {
    await forget();
    fresh!.push(await startAndView(user));
    sketched!.push(await startAndView(user));
  }
  // The rows after these time the index built on first use, as their names say.
  await forget();
  return Object.entries({ 'no sketch': fresh!, 'sketch saved': sketched! }).map(([side, runs]) => {
    const median = (pick: (r: (typeof runs)[number]) => number) =>
      runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    return {
      db: target.kind,
      call: `clusters members=1&visits=all: first view after a start, ${side} (server process)`,
      points: runs[0]!.total,
      firstViewMs: median((r) => r.callMs),
      coarseAnswers: runs.filter((r) => r.coarse).length,
      fullViewMs: median((r) => r.fullMs),
      runs: runs.map((r) => `${r.callMs} ms (load ${r.load.toFixed(2)})`).join(', '),
    };
  });
}

export default async function maps(ctx: BenchContext) {
  const rows: Record<string, unknown>[] = [];
  const dir = webDir();
  for await (const target of ctx.targets()) {
    // Several server processes need a PostgreSQL server: the embedded database is one process's.
    if (target.kind === 'postgres' && serverDatabaseUrl()) rows.push(...(await firstViewAfterStart(target)));
    // At the large scale the same views are asked of the demo scale in turn (ratios from one run).
    const peer = ctx.scale === 'large' ? await ctx.demoPeer(target) : undefined;
    for (const layers of ['members=1&visits=all', 'members=1', 'visits=all', 'visits=today'])
      rows.push(...(await clusterRows(target, layers, peer)));
    rows.push(...(await coverageRows(target)));
    rows.push({
      db: target.kind,
      call: 'browser: /admin/map, navigation → first draw',
      ...(await firstDraw(target, dir)),
    });
    const { customers, prospects, general } = mapEndpoints;
    for (const url of [customers.path, prospects.path, general.path]) rows.push(await endpointRow(target, url));
  }
  recordWithScaleRatio('maps', ctx, rows, 'httpP95', {
    columns:
      'first view after a start = the real server started as its own process, signed in, asks the general map’s first view: the call (firstViewMs, median of 3), whether it was coarse (drawn from a sketch, ADR 040), and ready → the full view (fullViewMs); no sketch = the first start on a database, sketch saved = a start after one; clusters = GET /admin/api/maps/clusters through the app with gzip; first answer = the index built from the database on first use (rssGrowthMB: how much the resident memory of the process grew); zoom rows = views at that zoom centred on the clusters and markers of the zoom before (p50/p95 ms, largest answer in items and gzip KB; at the large scale the demo scale’s views are asked in turn with them, demoItems/demoP50/demoP95 and large ÷ demo from the same run); browser = navigation → first marker or cluster drawn and the JS heap after GC, median of 5 runs at 1280×900; the §7 full-list endpoints: every marker, 3 timed calls',
  });
}
