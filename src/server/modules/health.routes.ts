import type { FastifyPluginAsync } from 'fastify';
import { healthEndpoints } from '../../contract/health';
import type { Database } from '../db/types';
import { route } from '../http/route';
import { RELEASE_VERSION, SCHEMA_MIGRATION } from '../release';

/** /health: the process is up. /ready: the primary database answers too; replicas are reported, not required. */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  const release = { version: RELEASE_VERSION, schema: SCHEMA_MIGRATION };
  route(app, healthEndpoints.health, () => ({ status: 'ok' as const, ...release }));
  route(app, healthEndpoints.ready, async ({ request, reply }) => {
    try {
      await database.ping();
      return {
        status: 'ok' as const,
        ...release,
        database: database.kind,
        replicas: database.replicas?.status() ?? [],
      };
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return reply.code(503).send({ status: 'unavailable', database: database.kind, reference: request.id });
    }
  });
};
