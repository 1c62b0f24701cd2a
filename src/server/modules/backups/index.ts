import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { backupRoutes } from './backups.routes';

/** Backups and restores of the whole database (ADR 031): the commands' entry points and the server's parts. */
export { BackupError } from './backup-file';
export { backUp, restore, type DatabaseLocation } from './backups.service';
export { serveBackupSocket } from './backup-socket';

/** The module's routes, as the app registers them. */
export const backupsModule: FastifyPluginAsync<ModuleDeps> = async (app, { database }) => {
  await app.register(backupRoutes, { database });
};
