import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { subscriptionRoutes } from './subscriptions.routes';

/**
 * What the cancellations module may use: the search and date filters both lists share, and the locks and
 * writes that keep a subscription's reason and that of the cancellation that ended it equal.
 */
export {
  businessDayRange,
  lockCurrentCancellation,
  lockSubscription,
  subscriptionKeySearch,
} from './subscriptions.queries';
export { carrierColumn, reasonColumn } from './subscriptions.export';
export {
  applyReasonToCancellation,
  applyReasonToSubscription,
  refuseIfChangedMeanwhile,
} from './subscriptions.service';
export { recordSubscriptionReason } from './subscriptions.service';

/** The module's routes, as the app registers them. */
export const subscriptionsModule: FastifyPluginAsync<ModuleDeps> = async (app, { config, database }) => {
  await app.register(subscriptionRoutes, { db: database.db, timeZone: config.BUSINESS_TIMEZONE });
};
