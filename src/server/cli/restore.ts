import path from 'node:path';
import { loadConfig } from '../config';
import { restore } from '../modules/backups';
import { fileArgument, timed } from './backup-command';
import { runCli } from './run';

const USAGE = `usage: npm run restore -- <file> [--force]
  Restores a backup made by \`npm run backup\` or the Settings page into the configured database
  (DATABASE_URL, else DATA_DIR, with every server on it stopped).
  --force   replace a database that holds data`;

/** Restores one backup file into the configured database (docs/decisions/031-backups.md). */
async function main(): Promise<number> {
  const args = fileArgument(USAGE, { acceptsForce: true });
  if (!args) return 2;
  const config = loadConfig();
  return timed(async () => {
    const { file, force } = args;
    const manifest = await restore({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, file, { force });
    const into = config.DATABASE_URL ? 'the database at DATABASE_URL' : `DATA_DIR (${path.resolve(config.DATA_DIR)})`;
    return (seconds) =>
      `Restored ${path.resolve(file)} (made ${manifest.createdAt} by release ${manifest.release}, migration ` +
      `${manifest.schemaMigration}) into ${into} in ${seconds} s.\n` +
      'Start the server: it applies any newer migrations of this release. Sessions stay valid when it signs cookies ' +
      'with the same secret (the one in the backup, or the same SESSION_SECRET).';
  });
}

runCli(main);
