import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db, Replicas } from '../db/types';
import { formatLsn, parseLsn } from '../db/replicas';

/** The primary's WAL position after the browser's last write, so its next reads wait for a replica that has it. */
const WROTE_COOKIE = 'bo_wrote';
const READS = new Set(['GET', 'HEAD']);

/**
 * Reads on replicas, writes on the primary, and read-your-writes across instances: a write's answer carries the
 * primary's position in a cookie; a read goes to a replica that has replayed that far, else to the primary.
 * A forged position only sends its sender's reads to the primary.
 */
export const replicaReadsPlugin = fp(async (app: FastifyInstance, { replicas }: { replicas: Replicas }) => {
  app.decorateRequest('readDb', undefined);
  app.addHook('preHandler', async (request) => {
    if (READS.has(request.method)) request.readDb = replicas.pick(parseLsn(request.cookies[WROTE_COOKIE]));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || !request.routeOptions.url) return payload;
    try {
      const position = formatLsn(await replicas.primaryPosition());
      reply.setCookie(WROTE_COOKIE, position, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        maxAge: 600,
      });
    } catch (err) {
      // The primary did not answer: the answer goes out as it is (it already says what failed), without a position.
      request.log.warn({ err }, 'primary position unknown after a write');
    }
    return payload;
  });
});

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this request's handler reads (undefined: the primary). */
    readDb: Db | undefined;
  }
}
