import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { spaShell } from './test/app';
import { connectDatabase } from './db/client';

const running: ChildProcess[] = [];
afterEach(() => running.splice(0).forEach((p) => p.exitCode === null && p.kill('SIGKILL')));

const serverCommand = [process.execPath, '--import', 'tsx', 'src/server/main.ts'];

/** Starts the real server process (main.ts, unless another command is given) and resolves with its output once it is listening, or once it exits. */
function start(dataDir: string, command = serverCommand) {
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: spaShell(),
      ADMIN_PASSWORD: 'test-password-1',
    },
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/Back office ready at (http:\/\/\S+)/.test(output)) {
        clearInterval(timer);
        resolve(/Back office ready at (http:\/\/\S+)/.exec(output)![1]!);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(output));
    });
  });
  return { child, ready, exited, output: () => output };
}

/** The process and all its descendants that are still running (not zombies). */
function processTree(root: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,stat='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, , state]) => !state!.startsWith('Z'))
    .map(([pid, ppid]) => ({ pid: Number(pid), ppid: Number(ppid) }));
  const tree = table.some((p) => p.pid === root) ? [root] : [];
  for (let i = 0; i < tree.length; i++) tree.push(...table.filter((p) => p.ppid === tree[i]).map((p) => p.pid));
  return tree;
}

const stillRunning = (pids: number[]) => pids.filter((pid) => processTree(pid).includes(pid));

describe('the server process', () => {
  it('refuses a second start on the same DATA_DIR with a clear message, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-main-'));
    const first = start(dataDir);
    const url = await first.ready;
    expect(first.output()).toContain('Admin account created: admin@example.com');

    const second = start(dataDir);
    await expect(second.ready).rejects.toThrow('is in use by another running back office');
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another running back office');

    const health = await fetch(url.replace('/admin', '/health'));
    expect(health.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);

    // The files PGlite left are whole: a restart opens them and keeps the account.
    const again = start(dataDir);
    await again.ready;
    expect(again.output()).toContain('Sign in with an existing Administrator account');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('refuses, with exit code 1 and nothing changed, a database whose migrations are not this release’s', async () => {
    // As another build left it: its first migration recorded with a hash this release does not ship.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-main-'));
    const foreign = await connectDatabase({ dataDir });
    await foreign.db.execute(sql`CREATE SCHEMA drizzle`);
    await foreign.db.execute(
      sql`CREATE TABLE drizzle.__drizzle_migrations (id serial PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    );
    await foreign.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('a1b2c3d4e5f6a7b8', 1763000000000)`,
    );
    await foreign.close();
    const server = start(dataDir);
    await expect(server.ready).rejects.toThrow(/is not the one release .* ships: the database has hash a1b2c3d4e5f6/);
    expect(await server.exited).toBe(1);
    const after = await connectDatabase({ dataDir });
    try {
      const tables = (await after.db.execute(
        sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
      )) as unknown as { rows: { n: number }[] };
      expect(tables.rows[0]!.n).toBe(0);
    } finally {
      await after.close();
    }
  }, 120_000);

  it('exits 0 at once on SIGTERM while a keep-alive connection is busy: its answer closes it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-main-'));
    const server = start(dataDir);
    const { port } = new URL(await server.ready);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // The server may answer and close before the body's last byte goes out: that write's EPIPE is no failure here
    // (the answer and the exit are what is checked), and unheard it would end the whole test run.
    socket.on('error', () => undefined);
    // A keep-alive request whose body is still coming when SIGTERM arrives.
    socket.write('POST /admin/login HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n');
    socket.write('Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{');
    await new Promise((resolve) => setImmediate(resolve));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // Closing has begun once the server takes no new connection.
    const accepts = () =>
      new Promise<boolean>((resolve) => {
        const probe = net.connect(Number(port), '127.0.0.1');
        probe.once('connect', () => (probe.destroy(), resolve(true)));
        probe.once('error', () => resolve(false));
      });
    await expect.poll(accepts, { timeout: 20_000 }).toBe(false);
    socket.write('}');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 \d{3}[\s\S]*connection: close/i);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(9_000);
  }, 120_000);

  it('stops, with everything it started, when `npm start` gets SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-main-'));
    const server = start(dataDir, ['npm', 'start']);
    const url = await server.ready;
    expect((await fetch(url.replace('/admin', '/ready'))).status).toBe(200);
    const pids = processTree(server.child.pid!);
    try {
      expect(pids.length).toBeGreaterThan(1);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await expect.poll(() => stillRunning(pids), { timeout: 5_000 }).toEqual([]);
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      stillRunning(pids).forEach((pid) => process.kill(pid, 'SIGKILL'));
    }
  }, 90_000);

  it('starts at once after a kill -9, on the data it left', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-main-'));
    const first = start(dataDir);
    await first.ready;
    first.child.kill('SIGKILL');
    await first.exited;
    const lock = path.join(dataDir, '.lock');
    expect(fs.existsSync(lock)).toBe(true);
    // A lock touched an hour ahead never ages into a stale one: the restart is let in because its holder is dead,
    // not after waiting for a heartbeat to lapse, however long a busy machine takes to start it.
    const ahead = new Date(Date.now() + 3_600_000);
    fs.utimesSync(lock, ahead, ahead);

    const again = start(dataDir);
    await again.ready;
    expect(again.output()).toContain('Sign in with an existing Administrator account');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});
