import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { cancellationReasonRoutes } from './cancellation-reasons.routes';

/**
 * What other modules may use: checking a reason before recording it, its name for audit entries and exports, and the
 * guarded rename and retire/restore a revert goes through.
 */
export { pickableReason, renameReason, setReasonActive } from './cancellation-reasons.service';
export { listReasons, reasonName } from './cancellation-reasons.queries';

/** The module's routes, as the app registers them. */
export const cancellationReasonsModule: FastifyPluginAsync<ModuleDeps> = async (app, { database }) => {
  await app.register(cancellationReasonRoutes, { db: database.db });
};
