/**
 * The real server (bench/instance.mjs → src/server/main.ts) as its own process on a free port, as it runs in
 * production: the bench process, which may have just generated millions of rows, serves nothing itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  report: string;
}

/** Event-loop delay of a server process over the measured load (from SIGUSR2 to its exit), in ms, and its busy share. */
export interface EventLoopDelay {
  p50: number;
  p99: number;
  max: number;
  utilization: number;
  /** The longest garbage collection pause (ms), its kind, and how many pauses passed 10 ms. */
  gcMax: number;
  gcMaxKind: string;
  gcOver10: number;
  /** Linux only: the most the loop itself ran between two ticks, and how long the longest delay waited for a core. */
  maxOnCpu?: number;
  longestWaitingForCore?: number;
  /** Delays over the goal of 20 ms; Linux only: how many of them the loop's own work (on CPU) made that long. */
  overGoal: number;
  overGoalOnCpu?: number;
}

/** `root`: the copy of the app to run (another commit's, to compare with side by side); this one by default. */
export async function startServer(
  databaseUrl: string,
  webDir: string,
  env: Record<string, string> = {},
  /** Another checkout of the app (an earlier commit) to run instead of this one. */
  root = '.',
): Promise<ServerProcess> {
  const port = await freePort();
  const report = path.join(os.tmpdir(), `bo-bench-loop-${port}.json`);
  const child = spawn(process.execPath, ['bench/instance.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_DATA: '0',
      ADMIN_PASSWORD: 'bench admin password 2026',
      LOGIN_RATE_LIMIT: '100000',
      WEB_DIST_DIR: webDir,
      // The server logs as it does by default (a line per request at `info`), as a deployment runs it;
      // BENCH_LOG_LEVEL sets another level for a comparison.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      EVENT_LOOP_REPORT: report,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('Back office ready')) return;
      // From here its log lines are read and dropped, as a log collector would take them.
      child.stdout!.removeAllListeners('data').resume();
      resolve();
    });
    child.on('exit', (code) => reject(new Error(`a bench server exited with ${code} before it was ready:\n${out}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, report };
}

export async function stopServer(server: ServerProcess): Promise<EventLoopDelay> {
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  const loop = JSON.parse(fs.readFileSync(server.report, 'utf8')) as EventLoopDelay;
  fs.rmSync(server.report, { force: true });
  return loop;
}

/** The database as a server process on this machine should reach it: on its Unix socket when there is one. */
export const serverDatabaseUrl = (): string | undefined => process.env.DATABASE_SOCKET_URL ?? process.env.DATABASE_URL;
