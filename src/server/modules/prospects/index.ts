import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { prospectRoutes } from './prospects.routes';

/** What other modules may use of prospects: which visits a user may see (the prospect map reads them too). */
export { visibleProspects } from './prospect-scope';
export { recentVisit, testMbps } from './coverage-near';

/** The module's routes, as the app registers them. */
export const prospectsModule: FastifyPluginAsync<ModuleDeps> = async (app, { config, database }) => {
  await app.register(prospectRoutes, { db: database.db, timeZone: config.BUSINESS_TIMEZONE });
};
