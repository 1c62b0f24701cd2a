/** Backups and restores of the whole database (ADR 031): the commands' entry points and the server's parts. */
export { BackupError } from './backup-file';
export { backUp, restore, type DatabaseLocation } from './backups.service';
export { backupRoutes } from './backups.routes';
export { serveBackupSocket } from './backup-socket';
