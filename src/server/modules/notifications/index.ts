import type { FastifyPluginAsync } from 'fastify';
import type { BackgroundWork } from '../../jobs/background-work';
import type { ModuleDeps } from '../module-deps';
import { sessionSecret } from '../../plugins/session';
import { alertRuleRoutes } from './alert-rules.routes';
import { notificationRoutes } from './notifications.routes';
import { unsubscribeRoutes } from './unsubscribe.routes';

/** Alerts and digests (ADR 059): the page's calls and the e-mails' unsubscribe link. */
export const notificationsModule: FastifyPluginAsync<ModuleDeps & { background: BackgroundWork }> = async (
  app,
  { config, database, now, background },
) => {
  const db = database.primary;
  await app.register(notificationRoutes, { db: database.db, timeZone: config.BUSINESS_TIMEZONE, now });
  await app.register(alertRuleRoutes, { db: database.db, now, queue: background.queue });
  await app.register(unsubscribeRoutes, { db, secret: () => sessionSecret(db, config.SESSION_SECRET), now });
};

export { checkAlerts } from './alert-checks';
export { sendDueDigests, type DrawChart } from './digests';
export { ALERT_CHECKS_JOB, DIGESTS_JOB } from './job-names';
export type { NotificationDeps } from './notification-deps';
