import type { FastifyPluginAsync } from 'fastify';
import { auditEndpoints, auditLogEndpoints } from '../../../contract/audit';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { auditHistory, auditLogPage } from './audit.service';

export const auditRoutes: FastifyPluginAsync<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  route(app, auditEndpoints.list, ({ query }) => auditHistory(db, query.entityType, query.entityId));
  route(app, auditLogEndpoints.list, ({ query }) => auditLogPage(db, query, timeZone));
};
