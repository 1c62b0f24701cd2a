import { z } from './zod';
import { endpoint } from './endpoint';

/** What the Settings page says about backups of the database this server runs on. */
export const backupInfo = z.object({
  database: z.enum(['pglite', 'postgres']),
  release: z.string(),
  /** Whether this server makes a backup itself (the embedded database); on PostgreSQL `npm run backup` does. */
  download: z.boolean(),
});
export type BackupInfo = z.infer<typeof backupInfo>;

export const BACKUP_ON_POSTGRES_MESSAGE =
  'The database is PostgreSQL: back it up with `npm run backup -- <file>` on a machine that reaches it and has pg_dump.';

const info = endpoint({
  method: 'GET',
  path: '/admin/api/backups',
  response: backupInfo,
  access: 'backups.download',
  reads: ['backups'],
  summary: 'The database this server runs on, and whether it makes backups itself (the embedded database).',
});

export const backupEndpoints = {
  info,
  download: endpoint({
    method: 'GET',
    path: `${info.path}/download`,
    // A backup file (docs/decisions/031-backups.md): binary, restored with `npm run restore`.
    response: z.string(),
    access: 'backups.download',
    reads: ['backups'],
    summary:
      'A backup of the embedded database, made while the server runs (409 on PostgreSQL, where `npm run backup` makes one).',
  }),
};
