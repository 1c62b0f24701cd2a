import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BackupError, dumpOf, type BackupFile } from './backup-file';

type Tool = 'pg_dump' | 'pg_restore' | 'psql';

/**
 * The PostgreSQL client tool: from the newest /usr/lib/postgresql/N/bin holding it (where Debian and Ubuntu keep
 * each version; pg_dump must be at least the server's version), else from PATH.
 */
export function toolPath(tool: Tool): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(root, v, 'bin', tool)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? path.join(root, versions[0]!, 'bin', tool) : tool;
}

/** libpq's arguments for a URL: the password goes in PGPASSWORD, never on a command line other users can list. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

interface Running {
  child: ChildProcess;
  /** The exit code; a tool that cannot be started is a BackupError. */
  exited: Promise<number>;
  /** What it wrote to stderr, its last lines. */
  errors(): string;
}

function start(tool: Tool, args: string[], url: string | undefined, stdio: StdioOptions): Running {
  const { dbname, env } = url ? connection(url) : { dbname: undefined, env: process.env };
  const command = toolPath(tool);
  const child = spawn(command, dbname ? [...args, `--dbname=${dbname}`] : args, { env, stdio });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  // A tool that exits early closes its end of a pipe: the writer's EPIPE is that exit, reported through it.
  child.stdin?.on('error', () => {});
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found (in /usr/lib/postgresql/*/bin or PATH): install PostgreSQL's client tools, of the server's version or newer.`,
            )
          : err,
      ),
    );
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  // Awaited later, perhaps after it fails: marked as handled now so the failure is reported there.
  exited.catch(() => {});
  return { child, exited, errors: () => stderr.trim().split('\n').slice(-12).join('\n') };
}

/**
 * pg_dump's custom-format archive of the whole database, as it streams. pg_dump reads one snapshot taken when it
 * starts, so the backup is consistent while the servers go on writing.
 */
export async function* pgDump(url: string): AsyncGenerator<Buffer> {
  const dump = start('pg_dump', ['--format=custom'], url, ['ignore', 'pipe', 'pipe']);
  let whole = false;
  try {
    for await (const chunk of dump.child.stdout!) yield chunk as Buffer;
    whole = true;
  } finally {
    if (!whole) dump.child.kill();
  }
  const code = await dump.exited;
  if (code !== 0) throw new BackupError(`pg_dump failed:\n${dump.errors()}`);
}

/** The schemas the archive creates: a restore drops them first, so what it brings replaces what was there. */
async function archiveSchemas(backup: BackupFile): Promise<string[]> {
  const list = start('pg_restore', ['--list'], undefined, ['pipe', 'pipe', 'pipe']);
  // pg_restore stops reading once it has the table of contents.
  void pipeline(dumpOf(backup), list.child.stdin!).catch(() => {});
  let toc = '';
  list.child.stdout!.setEncoding('utf8').on('data', (d: string) => (toc += d));
  if ((await list.exited) !== 0)
    throw new BackupError(`${backup.path} holds a PostgreSQL dump that cannot be read:\n${list.errors()}`);
  return [...toc.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((m) => m[1]!);
}

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Replaces the database's content with the archive's, in one transaction: the schemas the archive holds (and
 * `public`, recreated as PostgreSQL makes it) are dropped, then pg_restore's script runs through psql, and COMMIT
 * is sent only once pg_restore has read the whole archive. An error anywhere rolls everything back.
 * Objects are owned by the role of DATABASE_URL (`--no-owner`), the role the servers use.
 */
export async function pgRestore(url: string, backup: BackupFile): Promise<void> {
  const schemas = await archiveSchemas(backup);
  const preamble = [
    'SET client_min_messages = warning;',
    // A server still running a statement on the old tables makes the restore fail rather than wait for ever.
    "SET lock_timeout = '30s';",
    'SET statement_timeout = 0;',
    'BEGIN;',
    ...schemas.filter((s) => s !== 'public').map((s) => `DROP SCHEMA IF EXISTS ${identifier(s)} CASCADE;`),
    'DROP SCHEMA IF EXISTS public CASCADE;',
    'CREATE SCHEMA public AUTHORIZATION pg_database_owner;',
    'GRANT USAGE ON SCHEMA public TO PUBLIC;',
    '',
  ].join('\n');
  const script = start('pg_restore', ['--no-owner', '--no-privileges', '--file=-'], undefined, [
    'pipe',
    'pipe',
    'pipe',
  ]);
  const psql = start('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--file=-'], url, [
    'pipe',
    'ignore',
    'pipe',
  ]);
  // psql stopping at an error leaves pg_restore writing to nobody: stop it too.
  void psql.exited.finally(() => script.child.exitCode === null && script.child.kill()).catch(() => {});
  psql.child.stdin!.write(preamble);
  const fed = pipeline(dumpOf(backup), script.child.stdin!).catch(() => {});
  script.child.stdout!.pipe(psql.child.stdin!, { end: false });
  const [scriptCode] = await Promise.all([script.exited, fed]);
  // Closed without COMMIT, psql's session ends and the server rolls the transaction back.
  psql.child.stdin!.end(scriptCode === 0 ? 'COMMIT;\n' : '');
  const psqlCode = await psql.exited;
  if (psqlCode !== 0 || scriptCode !== 0)
    throw new BackupError(
      `The restore stopped and changed nothing:\n${psqlCode !== 0 ? psql.errors() : script.errors()}`,
    );
}
