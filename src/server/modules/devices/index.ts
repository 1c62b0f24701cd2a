import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { deviceRoutes } from './devices.routes';

/** Devices: their list, page and the device actions: the plugin the app registers. */
export const devicesModule: FastifyPluginAsync<ModuleDeps> = async (app, { database }) => {
  await app.register(deviceRoutes, { db: database.db });
};
