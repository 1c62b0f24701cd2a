import type { Tx } from '../../db/types';
import { recordAudit, type AuditOrigin } from '../audit';
import type { BackupManifest } from './backup-file';

/** Every backup a server hands out is in the audit log: who (none for the command), from where, what it holds. */
export function recordBackupMade(
  db: Tx,
  by: { userId: number | null; origin?: AuditOrigin; via: 'settings page' | 'command' },
  manifest: BackupManifest,
): Promise<void> {
  return recordAudit(db, {
    userId: by.userId,
    ...by.origin,
    action: 'backup.downloaded',
    entityType: 'backup',
    entityId: null,
    after: { via: by.via, release: manifest.release, schemaMigration: manifest.schemaMigration },
  });
}
