import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { customerRoutes } from './customers.routes';

/** Customers: their list, search, page and export: the plugin the app registers. */
export const customersModule: FastifyPluginAsync<ModuleDeps> = async (app, { database }) => {
  await app.register(customerRoutes, { db: database.db });
};
