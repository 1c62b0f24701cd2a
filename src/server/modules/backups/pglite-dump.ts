import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Database } from '../../db/types';
import { lockDataDir } from '../../db/data-dir-lock';
import { BackupError, backupStream, type BackupFile, type BackupManifest } from './backup-file';
import { manifestOf, tablesWithRows } from './database-facts';
import { dataFolderTar } from './pgdata-archive';

/** The PGlite behind an embedded database's handle. */
export function pgliteOf(database: Database): PGlite {
  if (!database.embedded) throw new Error('The database is not the embedded one');
  return database.embedded;
}

/** Where DATA_DIR keeps the database's own folder (db/client.ts opens it there). */
export const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata');
export const holdsDatabase = (pgdata: string) => fs.existsSync(path.join(pgdata, 'PG_VERSION'));

const openFolder = (pgdata: string, loadDataDir?: Blob) =>
  PGlite.create({ dataDir: pgdata, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });

/**
 * The backup of an open PGlite, taken between transactions: the dump waits for any open one to end and holds
 * PGlite's transaction lock meanwhile, and a CHECKPOINT first writes every change into the files it copies.
 * Requests wait only while the folder is copied into memory (a quarter of a second for the demo data set): it is
 * compressed afterwards, on libuv's threads (PGlite's own gzip, inside the lock, made them wait 1.5 s).
 */
export async function pgliteBackup(
  client: PGlite,
  where: string,
): Promise<{ manifest: BackupManifest; stream: AsyncGenerator<Buffer> }> {
  const manifest = await manifestOf(client, 'pglite', where);
  const tarball = await client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('none');
  });
  const gzip = zlib.createGzip();
  void pipeline(Readable.fromWeb(tarball.stream() as Parameters<typeof Readable.fromWeb>[0]), gzip).catch(() => {});
  return { manifest, stream: backupStream(manifest, gzip) };
}

/** Opens DATA_DIR's database while no server holds it, holding its lock meanwhile. */
export async function withFolder<T>(dataDir: string, use: (client: PGlite) => Promise<T>): Promise<T> {
  const pgdata = pgdataOf(dataDir);
  if (!holdsDatabase(pgdata))
    throw new BackupError(
      `DATA_DIR (${path.resolve(dataDir)}) holds no embedded database: there is nothing to back up.`,
    );
  const release = lockDataDir(dataDir);
  try {
    const client = await openFolder(pgdata);
    try {
      return await use(client);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Restores a backup into DATA_DIR, whose lock it holds throughout (a running server refuses it). The data folder
 * is loaded beside the current one and opened once, then swapped in by two renames: a refusal or a failure leaves
 * the current database as it was.
 */
export async function restorePgliteFolder(dataDir: string, backup: BackupFile, force: boolean): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  const pgdata = pgdataOf(dataDir);
  const incoming = `${pgdata}.restoring`;
  try {
    if (!force) await refuseIfInUse(dataDir, pgdata);
    fs.rmSync(incoming, { recursive: true, force: true });
    fs.mkdirSync(incoming);
    const tarball = new Blob([await dataFolderTar(backup)]);
    try {
      const restored = await openFolder(incoming, tarball);
      try {
        await restored.query('SELECT count(*) FROM drizzle.__drizzle_migrations');
      } finally {
        await restored.close();
      }
    } catch (err) {
      throw new BackupError(
        `${backup.path} could not be loaded by this release's embedded database (the backup's is ${backup.manifest.engine}); nothing was changed: ${(err as Error).message}`,
      );
    }
    const replaced = `${pgdata}.replaced`;
    fs.rmSync(replaced, { recursive: true, force: true });
    if (fs.existsSync(pgdata)) fs.renameSync(pgdata, replaced);
    fs.renameSync(incoming, pgdata);
    fs.rmSync(replaced, { recursive: true, force: true });
  } finally {
    fs.rmSync(incoming, { recursive: true, force: true });
    release();
  }
}

async function refuseIfInUse(dataDir: string, pgdata: string): Promise<void> {
  const where = `DATA_DIR (${path.resolve(dataDir)})`;
  if (holdsDatabase(pgdata)) {
    const current = await openFolder(pgdata);
    let busy: string[];
    try {
      busy = await tablesWithRows(current);
    } finally {
      await current.close();
    }
    if (busy.length) throw holdsData(where, busy);
  } else if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length)
    throw new BackupError(
      `${where} has a pgdata folder that holds files but no database. Restoring replaces it: run again with --force to do so.`,
    );
}

/** The refusal to overwrite data without --force, naming a few of the tables that hold some. */
export function holdsData(where: string, tables: string[]): BackupError {
  const some = tables.slice(0, 3).join(', ') + (tables.length > 3 ? ', …' : '');
  return new BackupError(
    `${where} holds data (${tables.length} ${tables.length === 1 ? 'table has' : 'tables have'} rows: ${some}). ` +
      'Restoring replaces all of it: run again with --force to do so.',
  );
}
