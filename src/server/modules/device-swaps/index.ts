import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { deviceSwapRoutes } from './device-swaps.routes';

/** Device swaps: their list and statistics: the plugin the app registers. */
export const deviceSwapsModule: FastifyPluginAsync<ModuleDeps> = async (app, { config, database }) => {
  await app.register(deviceSwapRoutes, { db: database.db, timeZone: config.BUSINESS_TIMEZONE });
};
