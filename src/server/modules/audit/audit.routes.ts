import type { FastifyPluginAsync } from 'fastify';
import { auditEndpoints as endpoints } from '../../../contract/audit';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { auditHistory } from './audit.service';

export const auditRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.list, ({ query }) => auditHistory(db, query.entityType, query.entityId));
};
