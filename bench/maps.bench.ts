/**
 * Maps: the marker endpoints through the app (time, marker count, bytes raw / gzip / brotli), and the map in
 * headless Chromium with exactly 100,000 markers (navigation → first markers drawn, and answer → first draw).
 *
 * The browser run serves a 100,000-marker answer built from the real general map data: cut to 100,000 when the
 * data set has more, padded with copies nudged a few hundred metres when it has fewer (the `demo` scale).
 *
 * BENCH_WEB_DIR  an already built SPA (default: built with Vite into .tmp/bench/web)
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { createStaffUser } from '../src/server/test/app';
import { pathOf } from '../src/contract/endpoint';
import { mapEndpoints, type MapMarker } from '../src/contract/maps';
import { launchBrowser } from '../e2e/support/harness';
import { benchDatabase, measure, record, type BenchContext, type BenchTarget } from './support';

const MARKERS = 100_000;
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
  const timing = await measure(() => get('gzip'), { warmup: 2, iterations: 10 });
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

/** Exactly `MARKERS` markers in the shape the server sends, from the real ones. */
function hundredThousand(real: MapMarker[]): MapMarker[] {
  if (!real.length) throw new Error('The data set has no located markers to build the browser run from.');
  if (real.length >= MARKERS) return real.slice(0, MARKERS);
  return Array.from({ length: MARKERS }, (_, i) => {
    const m = real[i % real.length]!;
    const copy = Math.floor(i / real.length);
    const nudge = copy === 0 ? 0 : ((copy * 7919) % 200) / 10_000 - 0.01;
    return { ...m, id: `${m.id.split('-')[0]}-${i + 1}`, lat: m.lat + nudge, lng: m.lng - nudge };
  });
}

async function firstDraw(target: BenchTarget, dir: string, body: string) {
  const database = benchDatabase(target);
  const app = await buildApp(testConfig({ LOGIN_RATE_LIMIT: 100_000 }), { database, webDir: dir });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const baseURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await launchBrowser();
  const user = await createStaffUser(target.db);
  const runs: { navigationToDraw: number; answerToDraw: number }[] = [];
  try {
    for (let run = 0; run < BROWSER_RUNS; run++) {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto('/admin/login');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/admin');
      // A fulfilled route skips the network stack, so the body goes uncompressed (transfer size is reported apart).
      await page.route(`**${mapEndpoints.general.path}`, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body }),
      );
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
      const times = await page.evaluate((url) => {
        const drawn = (window as unknown as { firstDraw: number }).firstDraw;
        const answer = performance.getEntriesByType('resource').find((e) => e.name.endsWith(url)) as
          PerformanceResourceTiming | undefined;
        return { navigationToDraw: Math.round(drawn), answerToDraw: Math.round(drawn - (answer?.responseEnd ?? 0)) };
      }, mapEndpoints.general.path);
      runs.push(times);
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
    answerToDrawMs: median((r) => r.answerToDraw),
    runs: runs.map((r) => r.navigationToDraw).join(' '),
  };
}

export default async function maps(ctx: BenchContext) {
  const rows: Record<string, unknown>[] = [];
  const dir = webDir();
  for await (const target of ctx.targets()) {
    const { customers, prospects, general } = mapEndpoints;
    for (const url of [customers.path, prospects.path, `${prospects.path}?subset=today`, general.path])
      rows.push(await endpointRow(target, url));

    const real = (await target.agent.get(mapEndpoints.general.path)).json() as MapMarker[];
    const markers = hundredThousand(real);
    const body = JSON.stringify(markers);
    // What the list would weigh uncompressed if every marker carried info-window text like the first one's.
    const sample = await target.agent.get(pathOf(mapEndpoints.info, { id: real[0]!.id }));
    const withContent = JSON.stringify(
      markers.map((m) => ({ ...m, content: (sample.json() as { content: string }).content })),
    );
    const draw = await firstDraw(target, dir, body);
    rows.push({
      db: target.kind,
      call: `browser: ${MARKERS.toLocaleString('en-US')} markers on ${mapEndpoints.general.path}`,
      markers: MARKERS,
      builtFrom: real.length,
      rawKB: kb(Buffer.byteLength(body)),
      gzipKB: kb(gzipSync(body).length),
      brotliKB: kb(brotliCompressSync(body).length),
      withContentRawKB: kb(Buffer.byteLength(withContent)),
      ...draw,
    });
  }
  record('maps', rows, {
    scale: ctx.scale,
    columns:
      "http = the call through the app with gzip (session, query, JSON, compression); KB = answer size; browser = navigation → first marker or cluster drawn (navigationToDrawMs) and the answer arriving → first draw (answerToDrawMs: parse, index, draw), median of 5 runs at 1280×900; withContentRawKB = the same list, uncompressed, if every marker carried info-window text as long as the first marker's",
  });
}
