import { RELEASE_VERSION, SCHEMA_MIGRATIONS } from '../../release';
import { BackupError, type BackupManifest } from './backup-file';

/** A connection's query, as node-postgres clients and PGlite both offer it. */
export interface Queryable {
  query(text: string): Promise<{ rows: unknown[] }>;
}

const rowsOf = async <T>(db: Queryable, text: string) => (await db.query(text)).rows as T[];

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The tables of the public schema that hold at least one row. A restore replaces a database only when there are
 * none (or when told to), so one that was only migrated, or made by `CREATE DATABASE`, takes a backup as it is.
 */
export async function tablesWithRows(db: Queryable): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  if (!tables.length) return [];
  const rows = await rowsOf<{ name: string }>(
    db,
    tables
      .map(({ name }) => `SELECT ${literal(name)} AS name WHERE EXISTS (SELECT 1 FROM public.${identifier(name)})`)
      .join(' UNION ALL '),
  );
  return rows.map((r) => r.name).sort();
}

/**
 * The database's last applied migration, by this release's name for it. Drizzle records each one by its journal
 * time; a time this release does not ship is a newer release's migration.
 */
async function lastMigration(db: Queryable, where: string): Promise<string> {
  const [table] = await rowsOf<{ found: boolean }>(
    db,
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  const rows = table?.found
    ? await rowsOf<{ at: string | number | bigint }>(
        db,
        'SELECT created_at AS at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
      )
    : [];
  if (!rows.length) throw new BackupError(`${where} holds no back-office database: there is nothing to back up.`);
  const at = Number(rows[0]!.at);
  const known = SCHEMA_MIGRATIONS.find((m) => m.when === at);
  if (!known)
    throw new BackupError(
      `${where} has migrations this release (${RELEASE_VERSION}) does not know: back it up with the release that runs it.`,
    );
  return known.tag;
}

/** "PostgreSQL 15.18" or "PostgreSQL 18.6 (PGlite 0.5.16)". */
async function engineOf(db: Queryable): Promise<string> {
  const [{ version }] = (await rowsOf<{ version: string }>(db, 'SELECT version()')) as [{ version: string }];
  const m = /^(PostgreSQL \S+)(?:.*?\((PGlite [^)]+)\))?/.exec(version);
  return m ? `${m[1]}${m[2] ? ` (${m[2]})` : ''}` : version.slice(0, 100);
}

/** The manifest of a backup of this database, made now by this release. */
export async function manifestOf(
  db: Queryable,
  database: BackupManifest['database'],
  where: string,
): Promise<BackupManifest> {
  return {
    format: 1,
    database,
    release: RELEASE_VERSION,
    schemaMigration: await lastMigration(db, where),
    createdAt: new Date().toISOString(),
    engine: await engineOf(db),
  };
}
