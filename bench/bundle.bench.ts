/**
 * What the browser downloads before the first page can draw. Initial: the entry chunk of the built SPA and every
 * chunk it imports statically (the modulepreload links of index.html), with their CSS. Goal: initial JS at most
 * 150 KB gzip. Also recorded, apart from the goal: the lazy route chunks the dashboard (/admin) loads beside it,
 * which its HTML preloads (the frame, the page and its charts: ADR 041). Sizes are gzip of node:zlib at level 9.
 *
 * Needs no database: `npm run bench -- bundle` starts its throwaway PostgreSQL without using it, and
 * `npx tsx bench/run.ts bundle` runs it without one.
 *
 * BENCH_WEB_DIR  an already built SPA with its manifest (`vite build --manifest`); default: built into .tmp/bench/bundle
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DASHBOARD_PAGE } from '../src/contract/pages';
import { FRAME_MODULES, PAGES } from '../src/server/plugins/page-starts';
import { record } from './support';

const GOAL_KB = 150;
/** The modules the dashboard's HTML preloads (the frame, the page, its charts), as keyed in the manifest. */
const DASHBOARD_ROUTES = [...FRAME_MODULES, ...PAGES[DASHBOARD_PAGE]!.modules];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function webDir(): string {
  if (process.env.BENCH_WEB_DIR) return path.resolve(process.env.BENCH_WEB_DIR);
  const dir = path.resolve('.tmp', 'bench', 'bundle');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--manifest', '--outDir', dir], { stdio: 'inherit' });
  return dir;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The chunks of `keys` and every chunk they import statically, depth first, leaving out those in `loaded`. */
function staticClosure(manifest: Manifest, keys: string[], loaded = new Set<string>()): ManifestChunk[] {
  const chunks: ManifestChunk[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no ${key}.`);
    if (loaded.has(chunk.file)) return;
    loaded.add(chunk.file);
    chunks.push(chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return chunks;
}

/** Rows for `chunks`: each chunk as `jsKind(index)`, then each of their CSS files not counted yet as `cssKind`. */
function filesOf(chunks: ManifestChunk[], jsKind: (i: number) => string, cssKind: string, cssCounted: Set<string>) {
  const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter((file) => !cssCounted.has(file));
  css.forEach((file) => cssCounted.add(file));
  return [
    ...chunks.map((chunk, i) => ({ kind: jsKind(i), file: chunk.file })),
    ...css.map((file) => ({ kind: cssKind, file })),
  ];
}

export default async function bundle(): Promise<void> {
  const dir = webDir();
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  if (!manifest['index.html']?.isEntry) throw new Error('The build manifest has no index.html entry.');
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');

  const loaded = new Set<string>();
  const cssCounted = new Set<string>();
  const initial = staticClosure(manifest, ['index.html'], loaded);
  // A route module bundled into the entry has no chunk of its own: it is already counted there.
  const route = staticClosure(
    manifest,
    DASHBOARD_ROUTES.filter((key) => key in manifest),
    loaded,
  );
  const files = [
    ...filesOf(initial, (i) => (i === 0 ? 'entry' : 'preloaded'), 'css', cssCounted),
    ...filesOf(route, () => 'dashboard route', 'dashboard route css', cssCounted),
  ];
  const measured = files.map(({ kind, file }) => {
    // The initial files must be the ones the page names: the manifest and index.html have to agree.
    if ((kind === 'entry' || kind === 'preloaded' || kind === 'css') && !html.includes(file))
      throw new Error(`index.html does not load ${file}.`);
    const bytes = fs.readFileSync(path.join(dir, file));
    return { kind, file, rawKB: kb(bytes.length), gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const total = (kinds: string[]) =>
    kb(measured.filter((m) => kinds.includes(m.kind)).reduce((sum, m) => sum + m.gzip, 0));
  const initialJsKB = total(['entry', 'preloaded']);
  const initialCssKB = total(['css']);
  const dashboardJsKB = total(['entry', 'preloaded', 'dashboard route']);
  const met = initialJsKB <= GOAL_KB;
  const rows = [
    ...measured.map(({ kind, file, rawKB, gzip }) => ({ kind, file, rawKB, gzipKB: kb(gzip) })),
    { kind: 'initial JS', file: `${initial.length} chunks`, gzipKB: initialJsKB },
    { kind: 'initial CSS', file: '', gzipKB: initialCssKB },
    { kind: 'initial + dashboard route JS', file: `+ ${route.length} route chunks`, gzipKB: dashboardJsKB },
  ];
  console.log(`Initial JS ${initialJsKB} KB gzip: goal ≤ ${GOAL_KB} KB ${met ? 'met' : 'missed'}.`);
  record('bundle', rows, {
    gzip: 'node:zlib gzipSync, level 9',
    goal: `initial JS <= ${GOAL_KB} KB gzip`,
    initialJsKB,
    initialCssKB,
    dashboardJsKB,
    met,
  });
}
