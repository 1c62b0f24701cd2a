import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { cancellationRoutes } from './cancellations.routes';

/** What other modules may use of cancellations: recording a reason, as the PATCH does. */
export { recordCancellationReason } from './cancellations.service';

/** The module's routes, as the app registers them. */
export const cancellationsModule: FastifyPluginAsync<ModuleDeps> = async (app, { config, database }) => {
  await app.register(cancellationRoutes, { db: database.db, timeZone: config.BUSINESS_TIMEZONE });
};
