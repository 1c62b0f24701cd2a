import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spaShell } from './test/app';

const running: ChildProcess[] = [];
afterEach(() => running.splice(0).forEach((p) => p.exitCode === null && p.kill('SIGKILL')));

/** Starts the real server process (main.ts) and resolves with its output once it is listening, or once it exits. */
function start(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
    expect(again.output()).toContain('admin account already exists');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});
