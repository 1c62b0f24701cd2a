import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const PGBIN = '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

/**
 * Runs a PostgreSQL program, as the `postgres` user when we are root (the server refuses to run as root), with
 * `input` on its standard input when given.
 */
function pg(program: string, args: string[], cwd: string, input?: Buffer): string {
  const [cmd, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(PGBIN, program), ...args]]
    : [path.join(PGBIN, program), args];
  return execFileSync(cmd, argv, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    ...(input ? { input } : { stdio: ['ignore', 'pipe', 'pipe'] }),
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One PostgreSQL 15 server in a folder of the cluster's temporary directory. */
export class PgServer {
  constructor(
    readonly dir: string,
    readonly dataDir: string,
    readonly port: number,
    /** Extra server settings, e.g. statement logging. */
    private readonly options: string[] = [],
  ) {}

  get logFile() {
    return path.join(this.dir, `${path.basename(this.dataDir)}.log`);
  }

  url(database = 'backoffice') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  start() {
    const opts = [`-p ${this.port}`, ...this.options.map((o) => `-c ${o}`)].join(' ');
    pg('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-o', opts, '-w', '-t', '60', 'start'], this.dir);
  }

  /** `fast` as an operator would stop it (clients disconnected); `immediate` as a crash would. */
  stop(mode: 'fast' | 'immediate' = 'fast') {
    if (fs.existsSync(path.join(this.dataDir, 'postmaster.pid')))
      pg('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', 'stop'], this.dir);
  }

  log(): string {
    return fs.existsSync(this.logFile) ? fs.readFileSync(this.logFile, 'utf8') : '';
  }
}

export interface StandalonePostgres {
  server: PgServer;
  /** Runs psql on database `backoffice` with these arguments, and `input` as its script when given. */
  psql(args: string[], input?: Buffer): string;
  /** Stops the server and deletes its folder. */
  remove(): void;
}

/** A PostgreSQL 15 server with an empty database `backoffice`, in a temporary folder. */
export async function startPostgres(): Promise<StandalonePostgres> {
  const dir = fs.mkdtempSync('/tmp/bo-postgres-');
  if (asRoot) execSync(`chown postgres:postgres ${dir}`);
  const server = new PgServer(dir, path.join(dir, 'data'), await freePort(), [
    "listen_addresses='127.0.0.1'",
    `unix_socket_directories='${dir}'`,
    'fsync=off',
    'max_connections=100',
  ]);
  const remove = () => {
    try {
      server.stop('immediate');
    } catch {
      // already stopped
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const psql = (args: string[], input?: Buffer) =>
    pg(
      'psql',
      ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(server.port), '-U', 'postgres', ...args],
      dir,
      input,
    );
  try {
    pg(
      'initdb',
      ['-D', server.dataDir, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'],
      dir,
    );
    server.start();
    psql(['-c', 'CREATE DATABASE backoffice']);
  } catch (err) {
    const log = server.log();
    remove();
    throw new Error(`could not start PostgreSQL: ${String(err)}\n${log}`);
  }
  return { server, psql: (args, input) => psql(['-d', 'backoffice', ...args], input), remove };
}

export interface PrimaryWithReplica {
  primary: PgServer;
  replica: PgServer;
  /** Stops both servers and deletes their folders. */
  remove(): void;
}

/**
 * A PostgreSQL 15 primary with database `backoffice` (and pg_trgm) and a streaming replica made from it with
 * `pg_basebackup -R`, in a temporary folder. The replica logs every statement, so a test can see what it served,
 * and applies each commit a second late.
 */
export async function startPrimaryWithReplica(): Promise<PrimaryWithReplica> {
  const dir = fs.mkdtempSync('/tmp/bo-cluster-');
  if (asRoot) execSync(`chown postgres:postgres ${dir}`);
  const primary = new PgServer(dir, path.join(dir, 'primary'), await freePort(), [
    "listen_addresses='127.0.0.1'",
    `unix_socket_directories='${dir}'`,
    'fsync=off',
    'max_connections=100',
  ]);
  const replica = new PgServer(dir, path.join(dir, 'replica'), await freePort(), [
    "listen_addresses='127.0.0.1'",
    `unix_socket_directories='${dir}'`,
    'max_connections=100',
    'log_statement=all',
    // Commits show on the replica a second late, as under load: a read that must see a write it has not
    // replayed yet goes to the primary, or the test sees the stale answer.
    "recovery_min_apply_delay='1s'",
  ]);
  const remove = () => {
    for (const server of [replica, primary]) {
      try {
        server.stop('immediate');
      } catch {
        // already stopped
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // initdb's default pg_hba.conf trusts local replication connections, which pg_basebackup needs.
    pg(
      'initdb',
      ['-D', primary.dataDir, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'],
      dir,
    );
    primary.start();
    const onPrimary = (program: string, ...args: string[]) =>
      pg(program, ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', ...args], dir);
    onPrimary('psql', '-X', '-q', '-c', 'CREATE DATABASE backoffice');
    onPrimary('psql', '-X', '-q', '-d', 'backoffice', '-c', 'CREATE EXTENSION pg_trgm');
    onPrimary('pg_basebackup', '-D', replica.dataDir, '-R', '-X', 'stream', '-c', 'fast');
    replica.start();
  } catch (err) {
    const logs = [primary, replica].map((s) => s.log()).join('\n');
    remove();
    throw new Error(`could not start the PostgreSQL primary and replica: ${String(err)}\n${logs}`);
  }
  return { primary, replica, remove };
}
