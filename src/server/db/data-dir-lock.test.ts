import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

function folderLockedBy(holder: { pid: number; host: string }, ageMs = 0) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-lock-'));
  const lockPath = path.join(dataDir, '.lock');
  fs.writeFileSync(lockPath, JSON.stringify({ ...holder, token: 'theirs' }));
  const then = new Date(Date.now() - ageMs);
  fs.utimesSync(lockPath, then, then);
  return { dataDir, holder: () => JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid: number; token: string } };
}

const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
const host = os.hostname();

describe('the DATA_DIR lock', () => {
  it('is taken over at once from a holder that died on this host', () => {
    // Our own PID, not held here, is an earlier process's: a restarted container numbers its processes alike.
    for (const pid of [deadPid(), process.pid]) {
      const folder = folderLockedBy({ pid, host });
      const release = lockDataDir(folder.dataDir);
      expect(folder.holder()).toMatchObject({ pid: process.pid, token: expect.not.stringMatching('theirs') });
      release();
      expect(fs.existsSync(path.join(folder.dataDir, '.lock'))).toBe(false);
    }
  });

  it('is taken over at once from a killed holder its parent has not reaped yet', async () => {
    // `sleep 0` exits, and the shell that started it becomes `sleep 60`, which never reaps it (killed at the end).
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60']);
    try {
      const pid = Number(
        await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(String(d)))),
      );
      const state = () => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0];
      await expect.poll(state, { timeout: 20_000 }).toBe('Z');
      const folder = folderLockedBy({ pid, host });
      lockDataDir(folder.dataDir)();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('refuses while its holder runs, here or on another host, and names it', () => {
    for (const holder of [
      { pid: process.ppid, host },
      { pid: 1, host: 'elsewhere' },
    ]) {
      const folder = folderLockedBy(holder);
      expect(() => lockDataDir(folder.dataDir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(folder.dataDir)).toThrow(
        `is in use by another running back office (process ${holder.pid} on ${holder.host})`,
      );
      expect(folder.holder().token).toBe('theirs');
    }
  });

  it('refuses a second lock in the same process', () => {
    const folder = folderLockedBy({ pid: deadPid(), host });
    const release = lockDataDir(folder.dataDir);
    expect(() => lockDataDir(folder.dataDir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(folder.dataDir)();
  });

  it('is taken over once its heartbeat stopped 15 s ago, when the PID cannot tell', () => {
    // Another host's process, or this host's PID now used by another process (after a reboot).
    for (const holder of [
      { pid: 1, host: 'elsewhere' },
      { pid: process.ppid, host },
    ]) {
      const folder = folderLockedBy(holder, 16_000);
      const release = lockDataDir(folder.dataDir);
      expect(folder.holder().pid).toBe(process.pid);
      release();
    }
  });
});
