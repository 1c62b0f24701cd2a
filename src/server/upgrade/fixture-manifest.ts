import type { TableShape, TableSums } from './table-checksum';

/*
 * What a fixture's manifest records beside its dump: written by the fixture maker inside a release's code, read by
 * the upgrade tier. It imports nothing but types, so it runs beside any release's code.
 */

export type FixtureDatabase = 'postgres' | 'pglite';

export interface TableRecord extends TableShape, TableSums {
  /** Each row's checksum by primary key, for the tables the server may change as it runs (kept-rows.ts). */
  rowChecksums?: Record<string, string>;
}

export interface FixtureManifest {
  /** The release whose code made the fixture, and its commit. */
  release: string;
  commit: string;
  database: FixtureDatabase;
  /** The dump beside the manifest: a plain SQL dump (gzip) or the embedded database's folder (tar, gzip). */
  file: string;
  madeAt: string;
  /** How the data set was made, in a sentence. */
  data: string;
  /** An Administrator who signs in with a password alone. */
  admin: { email: string; password: string };
  /** A device with its phone built in and its line kept, on which an action such as unassigning applies. */
  deviceId: number;
  /** The stats rollup's definition the fixture was built with (stats_rollup_state.version). */
  rollupVersion: string;
  tables: Record<string, TableRecord>;
}

/** The tables compared row by row: the server removes expired rows of the first two, and adds settings it lacks. */
export const ROW_BY_ROW_TABLES = ['sessions', 'login_throttle', 'settings'];
