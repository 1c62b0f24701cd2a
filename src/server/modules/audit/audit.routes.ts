import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntry, auditPaths, auditQuery } from '../../../contract/audit';
import type { Db } from '../../db/client';
import { auditHistory } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    auditPaths.list,
    { config: { access: 'history.view' }, schema: { querystring: auditQuery, response: { 200: z.array(auditEntry) } } },
    (request) => auditHistory(db, request.query.entityType, request.query.entityId),
  );
};
