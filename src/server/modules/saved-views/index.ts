import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { savedViewRoutes } from './saved-views.routes';

/** Saved views: each user's saved list filters: the plugin the app registers. */
export const savedViewsModule: FastifyPluginAsync<ModuleDeps> = async (app, { database }) => {
  await app.register(savedViewRoutes, { db: database.db });
};
