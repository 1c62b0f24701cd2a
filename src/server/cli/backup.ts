import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, backUp } from '../modules/backups';
import { runCli } from './run';

const USAGE = `usage: npm run backup -- <file>
  PostgreSQL (DATABASE_URL set): pg_dump, while the servers run.
  Embedded database (DATA_DIR): directly while no server holds the folder, else through the server that does.`;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Backs the configured database up to one file (docs/decisions/031-backups.md). */
async function main(): Promise<number> {
  let file: string;
  try {
    const { positionals } = parseArgs({ allowPositionals: true, options: {} });
    if (positionals.length !== 1) throw new Error(positionals.length ? 'Give one file.' : 'No file given.');
    file = positionals[0]!;
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const started = performance.now();
  try {
    const { manifest, bytes, via } = await backUp({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up the ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL database'} (release ${manifest.release}, ` +
        `migration ${manifest.schemaMigration}; ${via}) to ${path.resolve(file)}: ${megabytes(bytes)} in ${seconds} s.\n` +
        'Keep it as safely as the database: it holds password hashes and the session secret.',
    );
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}

runCli(main);
