import fs from 'node:fs';

const readJson = <T>(relative: string): T =>
  JSON.parse(fs.readFileSync(new URL(relative, import.meta.url), 'utf8')) as T;

/** This release's version, from package.json. */
export const RELEASE_VERSION = readJson<{ version: string }>('../../package.json').version;

/**
 * The migrations this release ships, oldest first: each one's tag and the journal time Drizzle records in
 * `drizzle.__drizzle_migrations.created_at` when it applies it.
 */
export const SCHEMA_MIGRATIONS = readJson<{ entries: { tag: string; when: number }[] }>(
  './db/migrations/meta/_journal.json',
).entries.map(({ tag, when }) => ({ tag, when }));

/** The last migration this release ships (`0000_baseline`): the schema a database has once it has started. */
export const SCHEMA_MIGRATION = SCHEMA_MIGRATIONS.at(-1)!.tag;
