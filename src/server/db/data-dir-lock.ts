import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The lock file's content: who holds the folder, so a starter can tell a crashed holder from a live one. */
interface Holder {
  pid: number;
  host: string;
  token: string;
}

interface Found {
  holder?: Holder;
  mtimeMs: number;
}

// The holder touches the lock every 5 s. A lock untouched for 15 s is stale even when its PID says nothing:
// a holder on another host (a shared folder, another container) or a PID taken by another process after a reboot.
const HEARTBEAT_MS = 5_000;
const STALE_MS = 15_000;

/** Lock files this process holds: a lock naming our own PID is a live one only if it is in here. */
const heldHere = new Set<string>();

export class DataDirLockedError extends Error {}

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

/** The lock's holder and age; undefined when there is no lock. */
function inspect(file: string): Found | undefined {
  try {
    const { mtimeMs } = fs.statSync(file);
    return { holder: readHolder(file), mtimeMs };
  } catch (err) {
    if (code(err) === 'ENOENT') return undefined;
    throw err;
  }
}

/** Undefined while the holder is still writing it, or for a lock that is not ours (an older version's folder). */
function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch (err) {
    if (code(err) === 'ENOENT') throw err;
    return undefined;
  }
}

function running(pid: number, lockPath: string): boolean {
  if (pid === process.pid) return heldHere.has(lockPath);
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists under another user.
    return code(err) !== 'ESRCH';
  }
  return !zombie(pid);
}

/** A killed process answers signals until its parent reaps it, yet holds nothing any more (Linux; elsewhere false). */
function zombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

function isStale(found: Found, lockPath: string): boolean {
  const { holder } = found;
  if (holder?.host === os.hostname() && !running(holder.pid, lockPath)) return true;
  return Date.now() - found.mtimeMs > STALE_MS;
}

/**
 * Moves a stale lock aside before deleting it and looks again at what it moved: two starters racing for the
 * same stale lock must not delete the lock one of them has just taken. A live lock moved by mistake goes back.
 */
function removeStale(lockPath: string): void {
  const aside = `${lockPath}.stale-${randomUUID()}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    if (code(err) === 'ENOENT') return;
    throw err;
  }
  const moved = inspect(aside);
  if (moved && !isStale(moved, lockPath)) fs.renameSync(aside, lockPath);
  else fs.rmSync(aside, { recursive: true, force: true });
}

function lockedError(dataDir: string, holder?: Holder): DataDirLockedError {
  const who = holder ? ` (process ${holder.pid} on ${holder.host})` : '';
  return new DataDirLockedError(
    `DATA_DIR ${path.resolve(dataDir)} is in use by another running back office${who}. Stop it first, or set DATA_DIR to another folder.`,
  );
}

function hold(lockPath: string, me: Holder): () => void {
  heldHere.add(lockPath);
  const heartbeat = setInterval(() => {
    // Taken over while this process stalled past STALE_MS: crash rather than write the files beside another process.
    if (inspect(lockPath)?.holder?.token !== me.token)
      throw new Error(`Lost the lock on ${path.dirname(lockPath)} to another back office`);
    const now = new Date();
    fs.utimesSync(lockPath, now, now);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    clearInterval(heartbeat);
    heldHere.delete(lockPath);
    process.off('exit', release);
    if (inspect(lockPath)?.holder?.token === me.token) fs.rmSync(lockPath, { force: true });
  };
  process.on('exit', release);
  return release;
}

/**
 * Locks DATA_DIR for this process (DATA_DIR/.lock, holding PID, host and a token) and returns the release.
 * A lock whose holder is gone is taken over at once: a dead PID on this host, or no heartbeat for 15 s.
 * A live holder gets a DataDirLockedError.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, '.lock');
  const me: Holder = { pid: process.pid, host: os.hostname(), token: randomUUID() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: 'wx' });
      return hold(lockPath, me);
    } catch (err) {
      if (code(err) !== 'EEXIST') throw err;
    }
    const found = inspect(lockPath);
    if (found && !isStale(found, lockPath)) throw lockedError(dataDir, found.holder);
    if (found) removeStale(lockPath);
  }
  throw lockedError(dataDir);
}
