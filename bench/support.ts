import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Database, Db } from '../src/server/db/types';
import type { Agent } from '../src/server/test/app';

export interface BenchTarget {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** A signed-in client of the app built on this database (requests go through app.inject). */
  agent: Agent;
}

/** The target's open database as an app is built on it; the bench, not the app, closes it. */
export const benchDatabase = (target: BenchTarget): Database => ({
  db: target.db,
  primary: target.db,
  kind: target.kind,
  ping: async () => {},
  pools: () => [],
  close: async () => {},
});

export interface BenchContext {
  scale: string;
  /** The databases to measure on, each loaded with the bench data set; opened once and shared by all suites. */
  targets(): AsyncIterable<BenchTarget>;
  /**
   * The same kind of database at the demo scale, opened beside the target (and loaded once): a suite measures
   * both side by side, so that their ratio is not the difference between two runs on a shared machine.
   */
  demoPeer(target: BenchTarget): Promise<BenchTarget>;
}

export interface Timing {
  p50: number;
  p95: number;
  mean: number;
  n: number;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Times `fn` after a warm-up; milliseconds. */
export async function measure(fn: () => Promise<unknown>, options: { warmup?: number; iterations?: number } = {}) {
  return (await measureSideBySide([fn], options))[0]!;
}

/**
 * Times each of `fns` after a warm-up, one call of each in turn, so that all of them meet the same moments of a
 * shared machine; milliseconds, one timing per function.
 */
export async function measureSideBySide(
  fns: (() => Promise<unknown>)[],
  { warmup = 3, iterations = 30 } = {},
): Promise<Timing[]> {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn();
  const samples = fns.map((): number[] => []);
  for (let i = 0; i < iterations; i++)
    for (const [at, fn] of fns.entries()) {
      const start = performance.now();
      await fn();
      samples[at]!.push(performance.now() - start);
    }
  return samples.map((taken) => {
    taken.sort((a, b) => a - b);
    return {
      p50: round(percentile(taken, 50)),
      p95: round(percentile(taken, 95)),
      mean: round(taken.reduce((a, b) => a + b, 0) / taken.length),
      n: taken.length,
    };
  });
}

/** Prints a suite's rows as a table and writes them, with the run's context, to bench/results/<suite>.json. */
export function record(suite: string, rows: Record<string, unknown>[], context: Record<string, unknown> = {}): void {
  console.log(`\n## ${suite}`);
  console.table(rows);
  const file = path.join('bench', 'results', `${suite}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const machine = {
    node: process.version,
    cpus: (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency,
  };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ suite, recordedAt: new Date().toISOString(), machine, ...context, rows }, null, 2)}\n`,
  );
}

type Recorded = { scales?: Record<string, { rows: Record<string, unknown>[]; load: number[] }> };

/**
 * Cost independent of size: adds to each row the same call's `p95Key` at the large scale over it at the demo
 * scale, from the other scale's last recorded run of the suite, and records this run's rows beside it.
 */
export function recordWithScaleRatio(
  suite: string,
  ctx: BenchContext,
  rows: Record<string, unknown>[],
  p95Key: string,
  context: Record<string, unknown> = {},
): void {
  const file = path.join('bench', 'results', `${suite}.json`);
  const previous: Recorded = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Recorded) : {};
  const scales = { ...previous.scales, [ctx.scale]: { rows, load: os.loadavg() } };
  const other = ctx.scale === 'large' ? scales.demo : scales.large;
  for (const row of rows) {
    // Measured side by side with the demo scale in this run already.
    if ('large ÷ demo' in row) continue;
    const peer = other?.rows.find((r) => r.db === row.db && r.call === row.call);
    if (typeof row[p95Key] !== 'number' || typeof peer?.[p95Key] !== 'number') continue;
    const [large, demo] = (ctx.scale === 'large' ? [row[p95Key], peer[p95Key]] : [peer[p95Key], row[p95Key]]) as [
      number,
      number,
    ];
    row['large ÷ demo'] = Math.round((large / Math.max(demo, 0.01)) * 100) / 100;
  }
  record(suite, rows, { scale: ctx.scale, loadAverage: os.loadavg(), ...context, scales });
}
