import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { revertRoutes } from './revert.routes';

/** Reverting an audited change: the plugin the app registers. */
export const revertModule: FastifyPluginAsync<ModuleDeps> = async (app, { database, now }) => {
  await app.register(revertRoutes, { db: database.db, now });
};
