import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { supplierRoutes } from './suppliers.routes';

/** What other modules may use of suppliers: the guarded edit a revert goes through. */
export { updateSupplier } from './suppliers.service';

/** The module's routes, as the app registers them. */
export const suppliersModule: FastifyPluginAsync<ModuleDeps> = async (app, { database }) => {
  await app.register(supplierRoutes, { db: database.db });
};
