import path from 'node:path';
import pg from 'pg';
import { DataDirLockedError } from '../../db/data-dir-lock';
import { RELEASE_VERSION, SCHEMA_MIGRATIONS } from '../../release';
import { BackupError, backupStream, readBackup, saveBackup, type BackupFile, type BackupManifest } from './backup-file';
import { backupSocketOf, backupThroughServer } from './backup-socket';
import { manifestOf, tablesWithRows, type Queryable } from './database-facts';
import { holdsData, pgliteBackup, restorePgliteFolder, withFolder } from './pglite-dump';
import { pgDump, pgRestore } from './postgres-dump';
import { compareReleases } from './release-order';

/** The configured database: PostgreSQL at DATABASE_URL, else the embedded one in DATA_DIR. */
export interface DatabaseLocation {
  databaseUrl?: string;
  dataDir: string;
}

export interface BackupMade {
  manifest: BackupManifest;
  bytes: number;
  /** How it was made: pg_dump, the embedded database opened here, or the server that holds it. */
  via: 'pg_dump' | 'data folder' | 'running server';
}

const ON_POSTGRES = 'The database at DATABASE_URL';

async function withPostgres<T>(url: string, use: (db: Queryable) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function backUpEmbedded(dataDir: string, file: string): Promise<BackupMade['via']> {
  try {
    await withFolder(dataDir, async (client) => {
      const { stream } = await pgliteBackup(client, `DATA_DIR (${path.resolve(dataDir)})`);
      await saveBackup(file, stream);
    });
    return 'data folder';
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    if (await backupThroughServer(dataDir, file)) return 'running server';
    throw new BackupError(
      `${err.message.replace(/ Stop it first.*$/, '')} It does not answer backups on ${backupSocketOf(dataDir)} ` +
        '(a release before backups?): download a backup from its Settings page, or stop it and run the backup again.',
    );
  }
}

/**
 * Backs the configured database up to `file`: PostgreSQL with pg_dump while the servers run; the embedded database
 * directly when no server holds DATA_DIR, else through the server that does. The file is read back and checked whole.
 */
export async function backUp(location: DatabaseLocation, file: string): Promise<BackupMade> {
  let via: BackupMade['via'];
  const url = location.databaseUrl;
  if (url) {
    const manifest = await withPostgres(url, (db) => manifestOf(db, 'postgres', ON_POSTGRES));
    await saveBackup(file, backupStream(manifest, pgDump(url)));
    via = 'pg_dump';
  } else via = await backUpEmbedded(location.dataDir, file);
  const made = await readBackup(file);
  return { manifest: made.manifest, bytes: made.size, via };
}

/** A backup this release may restore into this kind of database, or a refusal saying why not. */
export function checkRestorable(backup: BackupFile, database: BackupManifest['database']): void {
  const { manifest, path: file } = backup;
  if (manifest.database !== database)
    throw new BackupError(
      manifest.database === 'pglite'
        ? `${file} is a backup of the embedded database, and DATABASE_URL is set: unset it to restore into DATA_DIR.`
        : `${file} is a backup of a PostgreSQL database, and DATABASE_URL is not set: set it to the database to restore into.`,
    );
  if (compareReleases(manifest.release, RELEASE_VERSION) > 0)
    throw new BackupError(
      `${file} was made by release ${manifest.release}, newer than this one (${RELEASE_VERSION}): restore it with release ${manifest.release} or later.`,
    );
  if (!SCHEMA_MIGRATIONS.some((m) => m.tag === manifest.schemaMigration))
    throw new BackupError(
      `${file} holds a database at migration ${manifest.schemaMigration}, which this release (${RELEASE_VERSION}) does not have: restore it with the release that made it.`,
    );
}

/**
 * Restores `file` into the configured database, after checking the file whole and that this release may restore
 * it; a database holding data is replaced only with `force`. Every refusal comes before the first change; the
 * restore itself is all or nothing (one transaction on PostgreSQL, a folder swapped in on the embedded database).
 */
export async function restore(
  location: DatabaseLocation,
  file: string,
  { force }: { force: boolean },
): Promise<BackupManifest> {
  const backup = await readBackup(file);
  const url = location.databaseUrl;
  checkRestorable(backup, url ? 'postgres' : 'pglite');
  if (url) {
    const busy = await withPostgres(url, tablesWithRows);
    if (busy.length && !force) throw holdsData(ON_POSTGRES, busy);
    await pgRestore(url, backup);
    // An archive holds no planner statistics: without them the first queries on a large restored database guess.
    await withPostgres(url, async (db) => {
      await db.query('SET statement_timeout = 0');
      await db.query('ANALYZE');
    });
  } else {
    try {
      await restorePgliteFolder(location.dataDir, backup, force);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      throw new BackupError(
        `${err.message.replace(/ Stop it first.*$/, '')} Stop it before restoring: a restore replaces the database it has open.`,
      );
    }
  }
  return backup.manifest;
}
