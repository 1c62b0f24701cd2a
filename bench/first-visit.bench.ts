/**
 * A first visit as a user meets it: the real server as its own process, each main page opened in Chromium in a new
 * context (empty HTTP and code cache: cold), then again in the same context (warm). Recorded per page, median of
 * `FIRST_VISIT_RUNS` visits: the JS fetched before the first contentful paint (bytes as sent, files), all the JS
 * fetched until the page showed its first content, and the time from navigation to that content (the first chart
 * drawn and the first two rows of charts, the first map marker, the first list row). Goals: cold
 * ≤ 1.5 s for the dashboard's charts and ≤ 1.0 s for a map marker, warm ≤ 0.8 s and ≤ 0.5 s; ≤ 150 KB of JS
 * before the first paint.
 *
 * Sizes are transfer sizes (headers and the body as sent: brotli, the built .br files) of the scripts fetched over
 * the network, not from the cache; bench/bundle.bench.ts gives the gzip size of the same files.
 *
 * The server runs on the embedded database loaded with the demo data (kept between runs), or on
 * FIRST_VISIT_DATABASE_URL, signed in as FIRST_VISIT_EMAIL with FIRST_VISIT_PASSWORD, an account that exists there.
 * The bench itself writes nothing but sessions; the server's start does what any start does (migrations, the first
 * admin account when there is none).
 *
 * BENCH_WEB_DIR     an already built SPA; default: built into .tmp/bench/first-visit/web
 * FIRST_VISIT_BASELINE  a checkout of an earlier commit (`git archive <commit> | tar -x -C <dir>`): its server and
 *                   build are measured too, visit by visit in turn with this one's, and each row of this one gets
 *                   its time over the baseline's (`÷ baseline`), a ratio the machine's load affects less than a
 *                   comparison of two runs
 * FIRST_VISIT_RUNS  visits per page and cache state (default 5)
 * FIRST_VISIT_LABEL recorded as bench/results/first-visit.<label>.json (a build measured before a change)
 * FIRST_VISIT_LINK  `<Mbit/s>,<ms>`: every visit over a link of that speed and round-trip latency (Chromium's network
 *                   emulation) instead of loopback, where a whole build arrives within the time the HTML's first
 *                   frame takes to paint, so "before the first paint" counts what the main thread delayed, not what
 *                   the paint waited for
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../e2e/support/harness';
import { startServer, stopServer, type ServerProcess } from './server-process';
import { record } from './support';

const RUNS = Number(process.env.FIRST_VISIT_RUNS ?? 5);
const LINK = process.env.FIRST_VISIT_LINK?.split(',').map(Number) as [number, number] | undefined;
if (LINK && (LINK.length !== 2 || LINK.some((n) => !(n > 0))))
  throw new Error('FIRST_VISIT_LINK is `<Mbit/s>,<ms>`, e.g. 10,60');
const DEMO_ADMIN = { email: 'admin@example.com', password: 'first visit bench 2026' };
const GOAL = { jsKB: 150, dashboard: { cold: 1500, warm: 800 }, map: { cold: 1000, warm: 500 } };

interface PageUnderTest {
  name: string;
  path: string;
  /** What the user waits for, as the page script below names it. */
  ready: 'charts' | 'marker' | 'row';
  goal?: { cold: number; warm: number };
}

const PAGES: PageUnderTest[] = [
  { name: 'dashboard', path: '/admin', ready: 'charts', goal: GOAL.dashboard },
  { name: 'map', path: '/admin/map', ready: 'marker', goal: GOAL.map },
  { name: 'prospect map', path: '/admin/prospects/map', ready: 'marker', goal: GOAL.map },
  { name: 'customers list', path: '/admin/customers', ready: 'row' },
];

/** The charts counted as the dashboard's first view: its first two rows, which the page asks for at once. */
const FIRST_VIEW_CHARTS = 4;

/**
 * Runs in the page before its own scripts: notes when the first chart is drawn (EChart's `data-drawn`), when the
 * first `FIRST_VIEW_CHARTS` are, the first map marker and the first row of a list that has loaded, in ms from the
 * navigation's start. A string: a function would be sent with the helpers tsx adds to it, which the page lacks.
 */
const PAGE_SCRIPT = `{
  const marks = (window.__firstVisit = {});
  new MutationObserver(() => {
    const now = performance.now();
    const drawn = document.querySelectorAll('[data-drawn="true"]').length;
    if (drawn >= 1) marks.chart ??= now;
    if (drawn >= ${FIRST_VIEW_CHARTS}) marks.charts ??= now;
    if (document.querySelector('.leaflet-marker-icon')) marks.marker ??= now;
    if (document.querySelector('table[aria-busy="false"] tbody tr td')) marks.row ??= now;
  }).observe(document, { subtree: true, childList: true, attributes: true });
}`;

interface Visit {
  ms: number;
  firstChartMs?: number;
  jsBeforePaintKB: number;
  jsFilesBeforePaint: number;
  jsUntilReadyKB: number;
  jsFilesUntilReady: number;
  fcpMs: number;
}

async function signedInContext(browser: Browser, baseUrl: string, account: typeof DEMO_ADMIN) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const login = await context.request.get('/admin/login');
  const token = /name="csrf-token" content="([^"]+)"/.exec(await login.text())?.[1] ?? '';
  const res = await context.request.post('/admin/login', {
    data: account,
    headers: { 'X-CSRF-TOKEN': token, 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  await context.addInitScript(PAGE_SCRIPT);
  return context;
}

async function visit(context: BrowserContext, page: PageUnderTest): Promise<Visit> {
  const tab = await context.newPage();
  try {
    if (LINK) {
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      const [mbits, latency] = LINK;
      const bytesPerSecond = (mbits * 1_000_000) / 8;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: bytesPerSecond,
      });
    }
    await tab.goto(page.path, { waitUntil: 'commit' });
    await tab.waitForFunction(
      (name) => (window as unknown as { __firstVisit: Record<string, number> }).__firstVisit[name] !== undefined,
      page.ready,
      { timeout: 30_000, polling: 50 },
    );
    // Plain data out of the page: the helpers tsx adds to named functions do not exist there.
    const { marks, fcp, scripts } = await tab.evaluate(() => ({
      marks: (window as unknown as { __firstVisit: Record<string, number> }).__firstVisit,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        // Fetched over the network: a script from the cache has no transfer size.
        .filter((e) => e.transferSize > 0)
        .map((e) => ({ end: e.responseEnd, bytes: e.transferSize })),
    }));
    const sum = (list: typeof scripts) => Math.round((list.reduce((n, e) => n + e.bytes, 0) / 1024) * 10) / 10;
    const before = scripts.filter((e) => e.end <= fcp);
    const untilReady = scripts.filter((e) => e.end <= marks[page.ready]!);
    return {
      ms: Math.round(marks[page.ready]!),
      firstChartMs: marks.chart === undefined ? undefined : Math.round(marks.chart),
      jsBeforePaintKB: sum(before),
      jsFilesBeforePaint: before.length,
      jsUntilReadyKB: sum(untilReady),
      jsFilesUntilReady: untilReady.length,
      fcpMs: Math.round(fcp),
    };
  } finally {
    await tab.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The SPA of the checkout at `root`, built with its manifest. */
function builtWeb(root: string): string {
  const dir = path.join(root, '.tmp', 'bench', 'first-visit', 'web');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--manifest', '--outDir', dir], {
    stdio: 'inherit',
    cwd: root,
  });
  return dir;
}

interface Build {
  name: string;
  server: ServerProcess;
}

async function startBuild(name: string, root: string, web: string, databaseUrl: string | undefined): Promise<Build> {
  const env: Record<string, string> = databaseUrl
    ? {}
    : {
        DATA_DIR: path.resolve('.tmp', 'bench', 'first-visit', `pglite-demo-${name}`),
        DEMO_DATA: '1',
        ADMIN_PASSWORD: DEMO_ADMIN.password,
      };
  return { name, server: await startServer(databaseUrl ?? '', web, env, root) };
}

export default async function firstVisit(): Promise<void> {
  const databaseUrl = process.env.FIRST_VISIT_DATABASE_URL;
  const account = databaseUrl
    ? { email: process.env.FIRST_VISIT_EMAIL ?? '', password: process.env.FIRST_VISIT_PASSWORD ?? '' }
    : DEMO_ADMIN;
  const here = process.cwd();
  const baseline = process.env.FIRST_VISIT_BASELINE && path.resolve(process.env.FIRST_VISIT_BASELINE);
  const builds = [
    await startBuild(
      'this',
      here,
      process.env.BENCH_WEB_DIR ? path.resolve(process.env.BENCH_WEB_DIR) : builtWeb(here),
      databaseUrl,
    ),
  ];
  if (baseline) builds.unshift(await startBuild('baseline', baseline, builtWeb(baseline), databaseUrl));
  const browser = await launchBrowser();
  const rows: Record<string, unknown>[] = [];
  const loadBefore = os.loadavg();
  try {
    // One visit of each page first: the server's own first answers (plans, caches) are not a browser's cold start.
    for (const { server } of builds) {
      const warmUp = await signedInContext(browser, server.url, account);
      for (const page of PAGES) await visit(warmUp, page);
      await warmUp.close();
    }

    for (const page of PAGES) {
      const visits = new Map(builds.map((b) => [b, { cold: [] as Visit[], warm: [] as Visit[] }]));
      // The builds in turn, visit by visit: both meet the same moments of a shared machine.
      for (let i = 0; i < RUNS; i++)
        for (const build of builds) {
          const context = await signedInContext(browser, build.server.url, account);
          visits.get(build)!.cold.push(await visit(context, page));
          visits.get(build)!.warm.push(await visit(context, page));
          await context.close();
        }
      for (const cache of ['cold', 'warm'] as const) {
        const baselineMs = baseline ? median(visits.get(builds[0]!)![cache].map((v) => v.ms)) : undefined;
        for (const build of builds) {
          const taken = visits.get(build)![cache];
          const ms = median(taken.map((v) => v.ms));
          const goal = page.goal?.[cache];
          const jsBeforePaintKB = median(taken.map((v) => v.jsBeforePaintKB));
          rows.push({
            page: page.name,
            ...(baseline && { build: build.name }),
            cache,
            'ready (ms)': ms,
            ...(baselineMs && { '÷ baseline': Math.round((ms / baselineMs) * 100) / 100 }),
            ready: page.ready === 'charts' ? `${FIRST_VIEW_CHARTS} charts drawn` : `first ${page.ready}`,
            ...(page.ready === 'charts' && { 'first chart (ms)': median(taken.map((v) => v.firstChartMs ?? NaN)) }),
            'first contentful paint (ms)': median(taken.map((v) => v.fcpMs)),
            'JS before paint (KB)': jsBeforePaintKB,
            'JS files before paint': median(taken.map((v) => v.jsFilesBeforePaint)),
            'JS until ready (KB)': median(taken.map((v) => v.jsUntilReadyKB)),
            'JS files until ready': median(taken.map((v) => v.jsFilesUntilReady)),
            'time goal': goal ? `≤ ${goal} ms: ${ms <= goal ? 'met' : 'missed'}` : '',
            'JS goal': `≤ ${GOAL.jsKB} KB before paint: ${jsBeforePaintKB <= GOAL.jsKB ? 'met' : 'missed'}`,
            samples: taken.map((v) => v.ms).join(' '),
          });
        }
      }
    }
  } finally {
    await browser.close();
    for (const { server } of builds) await stopServer(server);
  }
  record(process.env.FIRST_VISIT_LABEL ? `first-visit.${process.env.FIRST_VISIT_LABEL}` : 'first-visit', rows, {
    runs: RUNS,
    ...(baseline && { baseline }),
    link: LINK ? `${LINK[0]} Mbit/s, ${LINK[1]} ms round trip (emulated)` : 'loopback',
    database: databaseUrl ? 'PostgreSQL (FIRST_VISIT_DATABASE_URL)' : 'embedded PGlite, demo data',
    sizes: 'transfer size of the scripts fetched over the network (brotli bodies)',
    loadAverage: { before: loadBefore, after: os.loadavg() },
  });
}
