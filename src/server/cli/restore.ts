import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, restore } from '../modules/backups';
import { runCli } from './run';

const USAGE = `usage: npm run restore -- <file> [--force]
  Restores a backup made by \`npm run backup\` or the Settings page into the configured database
  (DATABASE_URL, else DATA_DIR, with every server on it stopped).
  --force   replace a database that holds data`;

/** Restores one backup file into the configured database (docs/decisions/031-backups.md). */
async function main(): Promise<number> {
  let file: string;
  let force: boolean;
  try {
    const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } });
    if (positionals.length !== 1) throw new Error(positionals.length ? 'Give one file.' : 'No file given.');
    file = positionals[0]!;
    force = values.force ?? false;
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const started = performance.now();
  try {
    const manifest = await restore({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, file, { force });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const into = config.DATABASE_URL ? 'the database at DATABASE_URL' : `DATA_DIR (${path.resolve(config.DATA_DIR)})`;
    console.log(
      `Restored ${path.resolve(file)} (made ${manifest.createdAt} by release ${manifest.release}, migration ` +
        `${manifest.schemaMigration}) into ${into} in ${seconds} s.\n` +
        'Start the server: it applies any newer migrations of this release. Sessions stay valid when it signs cookies ' +
        'with the same secret (the one in the backup, or the same SESSION_SECRET).',
    );
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}

runCli(main);
