import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { parcelRoutes } from './parcels.routes';

/** What other modules may use of parcels: the guarded container edit a revert goes through. */
export { updateContainer } from './parcels.service';

/** The module's routes, as the app registers them. */
export const parcelsModule: FastifyPluginAsync<ModuleDeps> = async (app, { database }) => {
  await app.register(parcelRoutes, { db: database.db });
};
