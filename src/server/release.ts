import fs from 'node:fs';

const readJson = <T>(relative: string): T =>
  JSON.parse(fs.readFileSync(new URL(relative, import.meta.url), 'utf8')) as T;

/** This release's version, from package.json. */
export const RELEASE_VERSION = readJson<{ version: string }>('../../package.json').version;

/** The last migration this release ships (`0000_baseline`): the schema a database has once it has started. */
export const SCHEMA_MIGRATION = readJson<{ entries: { tag: string }[] }>(
  './db/migrations/meta/_journal.json',
).entries.at(-1)!.tag;
