/**
 * What one call costs the server: one URL at a time hammered over HTTP by signed-in sessions (closed loop) on a
 * real server process (PostgreSQL target only), as the mixed bench runs it. Prints requests/s, p50/p99, errors,
 * and the server process's CPU per call (user + system, from /proc): the part of a call's cost spent in Node.
 * Targets: /admin/api/me ≥ 2,000 calls/s, a list's first page ≥ 1,000 calls/s. On a machine shared with other
 * work, a change is judged against a copy of the app before it, served side by side in the same seconds.
 *
 * CALLS_BENCH_URLS     comma list of URLs (default /health, /admin/api/me, /admin/api/customers)
 * CALLS_BENCH_SECONDS  measured seconds per URL (default 10, after 2 s of warm-up)
 * CALLS_BENCH_SESSIONS concurrent sessions (default 32)
 * CALLS_BENCH_BASELINE a copy of the app (e.g. `git archive <commit>` unpacked, with node_modules): a second server
 *                      run from it takes every other session, and each row says how this one compares with it
 *                      (recorded as calls-vs-baseline)
 * BENCH_CPU_PROFILE    a file name: each server writes a CPU profile of the measured load beside it (instance.mjs)
 */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createStaffUser, spaShell } from '../src/server/test/app';
import { Session } from '../src/server/test/http-session';
import { record, type BenchContext } from './support';
import { serverDatabaseUrl, startServer, stopServer } from './server-process';

const urls = (process.env.CALLS_BENCH_URLS ?? '/health,/admin/api/me,/admin/api/customers').split(',');
const seconds = Number(process.env.CALLS_BENCH_SECONDS ?? 10);
const sessionCount = Number(process.env.CALLS_BENCH_SESSIONS ?? 32);
const WARMUP_SECONDS = 2;
const baseline = process.env.CALLS_BENCH_BASELINE;
const TARGETS: Record<string, number> = { '/admin/api/me': 2000, '/admin/api/customers': 1000 };

/** User and system CPU time of a process so far, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.ceil((p / 100) * sorted.length) - 1]! * 10) / 10 : 0;

export default async function callsBench(ctx: BenchContext): Promise<void> {
  const rows = [];
  for await (const target of ctx.targets()) {
    if (target.kind !== 'postgres' || !process.env.DATABASE_URL) {
      console.log(`calls: skipped on ${target.kind} (a server process needs a PostgreSQL server)`);
      continue;
    }
    const roots = baseline ? ['.', baseline] : ['.'];
    const servers = await Promise.all(roots.map((root) => startServer(serverDatabaseUrl()!, spaShell(), {}, root)));
    try {
      const sessions = await Promise.all(
        Array.from({ length: sessionCount }, async (_, i) => {
          const user = await createStaffUser(target.db, { role: 'analyst' });
          const session = new Session(servers[i % servers.length]!.url);
          await session.signIn(user.email, user.password);
          return { session, server: i % servers.length };
        }),
      );
      for (const server of servers) server.child.kill('SIGUSR2');
      for (const url of urls) {
        const samples: { ms: number; status: number; server: number }[] = [];
        let measuring = false;
        let stop = false;
        const loops = sessions.map(async ({ session, server }) => {
          while (!stop) {
            const answer = await session.get(url);
            if (measuring) samples.push({ ...answer, server });
          }
        });
        await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
        const loadBefore = os.loadavg()[0]!;
        measuring = true;
        const started = performance.now();
        const cpuBefore = servers.map((s) => cpuMs(s.child.pid!));
        await new Promise((r) => setTimeout(r, seconds * 1000));
        measuring = false;
        const cpu = servers.map((s, i) => cpuMs(s.child.pid!) - cpuBefore[i]!);
        const elapsed = (performance.now() - started) / 1000;
        stop = true;
        await Promise.all(loops);
        const measured = servers.map((_, i) => {
          const answered = samples.filter((s) => s.server === i);
          const ms = answered.map((s) => s.ms).sort((a, b) => a - b);
          return {
            'requests/s': Math.round(answered.length / elapsed),
            p50: pct(ms, 50),
            p99: pct(ms, 99),
            errors: answered.filter((s) => s.status !== 200).length,
            'server CPU per call (ms)': Math.round((cpu[i]! / answered.length) * 100) / 100,
            'server CPU (%)': Math.round(cpu[i]! / 10 / elapsed),
          };
        });
        const [self, base] = measured as [(typeof measured)[0], (typeof measured)[0] | undefined];
        const rate = self['requests/s'];
        rows.push({
          db: target.kind,
          url,
          sessions: sessionCount,
          ...self,
          ...(base && {
            'baseline requests/s': base['requests/s'],
            'baseline CPU per call (ms)': base['server CPU per call (ms)'],
            'requests/s ÷ baseline': Math.round((rate / base['requests/s']) * 100) / 100,
          }),
          // Beside a baseline, each server has half the sessions and half the machine: no target applies.
          target: TARGETS[url] && !base ? `≥ ${TARGETS[url]}/s: ${rate >= TARGETS[url] ? 'met' : 'MISSED'}` : '',
          'load average': `${loadBefore.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)}`,
        });
      }
    } finally {
      await Promise.all(servers.map(stopServer));
    }
  }
  record(baseline ? 'calls-vs-baseline' : 'calls', rows, {
    scale: ctx.scale,
    seconds,
    sessions: sessionCount,
    ...(baseline && { baseline }),
  });
}
