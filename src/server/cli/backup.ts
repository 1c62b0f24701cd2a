import path from 'node:path';
import { loadConfig } from '../config';
import { backUp } from '../modules/backups';
import { fileArgument, timed } from './backup-command';
import { runCli } from './run';

const USAGE = `usage: npm run backup -- <file>
  PostgreSQL (DATABASE_URL set): pg_dump, while the servers run.
  Embedded database (DATA_DIR): directly while no server holds the folder, else through the server that does.`;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Backs the configured database up to one file (docs/decisions/031-backups.md). */
async function main(): Promise<number> {
  const args = fileArgument(USAGE, { acceptsForce: false });
  if (!args) return 2;
  const config = loadConfig();
  return timed(async () => {
    const { manifest, bytes, via } = await backUp(
      { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR },
      args.file,
    );
    return (seconds) =>
      `Backed up the ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL database'} (release ${manifest.release}, ` +
      `migration ${manifest.schemaMigration}; ${via}) to ${path.resolve(args.file)}: ${megabytes(bytes)} in ${seconds} s.\n` +
      'Keep it as safely as the database: it holds password hashes and the session secret.';
  });
}

runCli(main);
