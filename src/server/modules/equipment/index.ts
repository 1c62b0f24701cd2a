import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { equipmentRoutes } from './equipment.routes';

/** Equipment: stock, its list and edits: the plugin the app registers. */
export const equipmentModule: FastifyPluginAsync<ModuleDeps> = async (app, { database }) => {
  await app.register(equipmentRoutes, { db: database.db });
};
