import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { StandalonePostgres } from '../test/pg-cluster';
import type { FixtureDatabase, FixtureManifest } from './fixture-manifest';
import type { Query } from './table-checksum';

/** The release whose fixtures the current code must upgrade: the one before it. */
export const PREVIOUS_RELEASE = '1.0.0';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', PREVIOUS_RELEASE);

export function readManifest(database: FixtureDatabase): FixtureManifest {
  return JSON.parse(fs.readFileSync(path.join(folder, `${database}.json`), 'utf8')) as FixtureManifest;
}

const fixtureFile = (manifest: FixtureManifest) => fs.readFileSync(path.join(folder, manifest.file));

/** Loads the plain SQL dump into the server's empty database `backoffice`, as an operator restores a backup. */
export function restorePostgres(postgres: StandalonePostgres, manifest: FixtureManifest): void {
  postgres.psql([], zlib.gunzipSync(fixtureFile(manifest)));
}

/** Unpacks the embedded database's folder into DATA_DIR (its `pgdata`), as PGlite loads a dump of its own. */
export async function restorePglite(dataDir: string, manifest: FixtureManifest): Promise<void> {
  const dump = new File([fixtureFile(manifest)], manifest.file, { type: 'application/x-gzip' });
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), loadDataDir: dump, extensions: { pg_trgm } });
  await db.close();
}

/** The embedded database in DATA_DIR, opened in this process while no server holds it. */
export async function openPglite(dataDir: string): Promise<{ query: Query; close: () => Promise<void> }> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  return {
    query: async (text) => (await db.query<Record<string, unknown>>(text)).rows,
    close: () => db.close(),
  };
}
