import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';

/** /health: the process is up. /ready: the database answers too. */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get('/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/ready', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
};
