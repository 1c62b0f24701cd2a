import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { auditRoutes } from './audit.routes';

/** What other modules may use of the audit trail. */
export { originOf, recordAudit, type AuditInput, type AuditOrigin } from './audit.service';
export { auditEntryById, latestAuditEntryOf } from './audit.queries';
export { auditRetentionJob } from './audit-retention';
export { revertRefusalOf } from './revertability';

/** The module's routes, as the app registers them. */
export const auditModule: FastifyPluginAsync<ModuleDeps> = async (app, { config, database }) => {
  await app.register(auditRoutes, { db: database.db, timeZone: config.BUSINESS_TIMEZONE });
};
