/**
 * Stats endpoints: every endpoint × view through the app (warm), against the naive way (one GROUP BY over the base
 * tables per request, same definitions), and the dashboard in headless Chromium (navigation to every chart above
 * the fold drawn, and the requests it took).
 *
 * STATS_BENCH_NAIVE_ITERATIONS  timed naive runs per endpoint × view (default 3; they take seconds each on `large`;
 *                               0 measures the served calls only and records them as the `stats-served` suite)
 * STATS_BENCH_NAIVE_WARMUP      untimed naive runs before them (default 1)
 * BENCH_WEB_DIR                 an already built SPA (default: built with Vite into .tmp/bench/web)
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { createStaffUser, type TestUser } from '../src/server/test/app';
import { Session } from '../src/server/test/http-session';
import { mapEndpoints } from '../src/contract/maps';
import { naiveSums, rollupSums } from '../src/server/modules/stats/stats.queries';
import { trend } from '../src/server/modules/stats/stats.service';
import { pathOf } from '../src/contract/endpoint';
import { STATS_ENDPOINTS, statsEndpoints, trendName, type StatsEndpoint, type StatsView } from '../src/contract/stats';
import { launchBrowser } from '../e2e/support/harness';
import { benchDatabase, measure, record, type BenchContext, type BenchTarget, type Timing } from './support';
import { serverDatabaseUrl, startServer, stopServer } from './server-process';

const timeZone = testConfig().BUSINESS_TIMEZONE;
const naiveIterations = Number(process.env.STATS_BENCH_NAIVE_ITERATIONS ?? 3);
const naiveWarmup = Number(process.env.STATS_BENCH_NAIVE_WARMUP ?? 1);

async function ok(agent: BenchTarget['agent'], url: string) {
  const res = await agent.get(url);
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
}

function webDir(): string {
  if (process.env.BENCH_WEB_DIR) return path.resolve(process.env.BENCH_WEB_DIR);
  const dir = path.resolve('.tmp', 'bench', 'web');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dir], { stdio: 'inherit' });
  return dir;
}

/** The app to open the dashboard on: its own server process where the database allows one, else in this process. */
async function dashboardServer(
  target: BenchTarget,
  dir: string,
): Promise<{ baseURL: string; close(): Promise<unknown> }> {
  const databaseUrl = serverDatabaseUrl();
  if (target.kind === 'postgres' && databaseUrl) {
    // Every chart computed for each load, none served from an answer another load left (ADR 024): the worst case.
    const server = await startServer(databaseUrl, dir, { STATS_CACHE_SECONDS: '0' });
    return { baseURL: server.url, close: () => stopServer(server) };
  }
  // An embedded database belongs to the one process that opened it.
  const app = await buildApp(testConfig({ LOGIN_RATE_LIMIT: 100_000 }), {
    database: benchDatabase(target),
    webDir: dir,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return {
    baseURL: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => app.close(),
  };
}

/**
 * A server indexes the map layers as it starts (seconds at a million members, ADR 017): the loads are timed on a
 * server that has, as staff meet it, not on one still starting. The members' map answers once its index is built.
 */
async function warmUp(baseURL: string, user: TestUser) {
  const session = new Session(baseURL);
  await session.signIn(user.email, user.password);
  const map = `${mapEndpoints.clusters.path}?zoom=4&west=-130&south=20&east=-60&north=52&members=1&visits=all`;
  for (let tries = 0; (await session.get(map)).status !== 200; tries++) {
    if (tries > 600) throw new Error(`the server did not answer ${map} within 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** In the page, from its navigation on: when each chart card first shows a drawn chart (performance.now()). */
function recordChartsDrawn() {
  const drawnAt: Record<string, number> = {};
  (window as unknown as { chartsDrawnAt: Record<string, number> }).chartsDrawnAt = drawnAt;
  new MutationObserver((records) => {
    for (const record of records) {
      const el = record.target as Element;
      const chart = el.getAttribute('data-drawn') === 'true' && el.closest('[data-chart]')?.getAttribute('data-chart');
      if (chart && !(chart in drawnAt)) drawnAt[chart] = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
}

/** Scrolls down to the subscribers map and times the scroll → its first marker or cluster on the page. */
async function mapAfterScroll(page: Page): Promise<number> {
  // The cards below the first rows are placeholders until their transition has rendered: the map's place is
  // known once they are gone.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 60_000 });
  await page.evaluate(() => {
    const w = window as unknown as { mapAsked: number; mapDrawn?: number };
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.leaflet-marker-icon')) return;
      w.mapDrawn = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    w.mapAsked = performance.now();
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page.waitForFunction(() => (window as unknown as { mapDrawn?: number }).mapDrawn !== undefined, undefined, {
    timeout: 120_000,
  });
  return page.evaluate(() => {
    const w = window as unknown as { mapAsked: number; mapDrawn: number };
    return Math.round(w.mapDrawn - w.mapAsked);
  });
}

/**
 * Opens the dashboard in a fresh browser (cold cache) and times navigation → every chart above the fold drawn: as
 * the page records it, and as the bench sees it (Playwright's polling, once a frame, adds a little).
 */
async function dashboardLoad(target: BenchTarget, dir: string) {
  const server = await dashboardServer(target, dir);
  const browser = await launchBrowser();
  const user = await createStaffUser(target.db);
  await warmUp(server.baseURL, user);
  const runs: Record<string, number>[] = [];
  try {
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
      await context.addInitScript(recordChartsDrawn);
      const page: Page = await context.newPage();
      await page.goto('/admin/login');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/admin');
      // Measure a fresh load of the page as a returning user opens it.
      let requests = 0;
      let statsRequests = 0;
      page.on('request', (req) => {
        requests++;
        if (new URL(req.url()).pathname.startsWith('/admin/api/stats/')) statsRequests++;
      });
      const started = Date.now();
      await page.goto('/admin');
      await page.locator('[data-chart]').first().waitFor();
      const aboveFold = await page.$$eval('[data-chart]', (cards) =>
        cards
          .filter((c) => c.getBoundingClientRect().top < window.innerHeight)
          .map((c) => c.getAttribute('data-chart')!),
      );
      // One check in the page for all of them (a locator wait per chart adds a round trip each).
      await page.waitForFunction(
        (charts) => {
          const drawn = (window as unknown as { chartsDrawnAt: Record<string, number> }).chartsDrawnAt;
          return charts.every((c) => c in drawn);
        },
        aboveFold,
        { timeout: 120_000 },
      );
      const seen = Date.now() - started;
      const drawnAt = await page.evaluate(
        (charts) =>
          charts.map((c) => (window as unknown as { chartsDrawnAt: Record<string, number> }).chartsDrawnAt[c]!),
        aboveFold,
      );
      // The first load's requests, before the scroll asks for more.
      const firstLoad = { requests, statsRequests };
      const map = await mapAfterScroll(page);
      runs.push({ ms: Math.round(Math.max(...drawnAt)), seen, charts: aboveFold.length, ...firstLoad, map });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  runs.sort((a, b) => a.ms! - b.ms!);
  return { median: runs[Math.floor(runs.length / 2)]!, runs };
}

export default async function stats(ctx: BenchContext) {
  const rows: Record<string, unknown>[] = [];
  const browserRows: Record<string, unknown>[] = [];
  const dir = webDir();
  for await (const target of ctx.targets()) {
    const clock = { now: new Date(), timeZone };
    const naive = naiveSums(timeZone);
    for (const [endpoint, { views }] of Object.entries(STATS_ENDPOINTS) as [
      StatsEndpoint,
      { views: readonly StatsView[] },
    ][]) {
      for (const view of views) {
        const url = pathOf(statsEndpoints.trend, { name: trendName(endpoint, view) });
        const served = await measure(() => ok(target.agent, url), { warmup: 3, iterations: 40 });
        const query = await measure(() => trend(target.db, rollupSums, endpoint, view, clock), {
          warmup: 3,
          iterations: 40,
        });
        // The naive way scans years of rows per call: few runs, and its first run warms the caches it reads.
        const slow: Timing | null = naiveIterations
          ? await measure(() => trend(target.db, naive, endpoint, view, clock), {
              warmup: naiveWarmup,
              iterations: naiveIterations,
            })
          : null;
        rows.push({
          db: target.kind,
          call: `${endpoint}-${view}`,
          httpP50: served.p50,
          httpP95: served.p95,
          queryP50: query.p50,
          queryP95: query.p95,
          ...(slow && {
            naiveP50: slow.p50,
            naiveP95: slow.p95,
            speedup: Math.round((slow.p50 / query.p50) * 10) / 10,
          }),
        });
        // Each row as it is measured, so a long run shows progress.
        console.log(JSON.stringify(rows.at(-1)));
      }
    }
    for (const url of [
      pathOf(statsEndpoints.returnRateByModel, { limit: 100 }),
      pathOf(statsEndpoints.returnRateByModel, { limit: 10_000 }),
      statsEndpoints.upcomingCredits.path,
    ]) {
      const served = await measure(() => ok(target.agent, url), { warmup: 3, iterations: 40 });
      rows.push({
        db: target.kind,
        call: url.replace('/admin/api/stats/', ''),
        httpP50: served.p50,
        httpP95: served.p95,
      });
    }
    const load = await dashboardLoad(target, dir);
    browserRows.push({
      db: target.kind,
      ...load.median,
      runs: load.runs.map((r) => r.ms).join(' '),
      'runs seen': load.runs.map((r) => r.seen).join(' '),
      'map after scroll (ms)': load.runs.map((r) => r.map!).sort((a, b) => a - b)[Math.floor(load.runs.length / 2)],
    });
  }
  // Shared machines make timings noisy: the load while measuring goes with the numbers.
  const loadAverage = os.loadavg().map((l) => Math.round(l * 10) / 10);
  record(naiveIterations ? 'stats' : 'stats-served', rows, {
    scale: ctx.scale,
    loadAverage,
    goal: 'p95 <= 25 ms on PostgreSQL; >= 10x the naive way on the slowest',
    columns:
      'http = the call through the app (session, routing, JSON); query = the service on the rollup; naive = the same service on one GROUP BY over the base tables; speedup = naiveP50 / queryP50',
  });
  record('stats-dashboard', browserRows, {
    scale: ctx.scale,
    loadAverage,
    viewport: '1280x900',
    measured:
      'navigation to every above-the-fold chart drawn, median of 5 cold loads, then the scroll to the subscribers map → its first marker: ms as the page records it (performance.now() when the last chart is drawn), seen as the bench observes it; the server in its own process where the database allows',
  });
}
