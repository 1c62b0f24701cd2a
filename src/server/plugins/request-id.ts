import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

/** An id a proxy may hand on: letters, digits and dashes, at most 64 (a UUID, a trace id), nothing to inject in a log. */
const SAFE_ID = /^[A-Za-z0-9-]{1,64}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's `genReqId`: a random UUID, or behind TRUST_PROXY=1 the proxy's X-Request-Id when it is a safe one, so
 * the proxy's log and ours name a request alike. Without a proxy the header is the client's own say and is ignored:
 * anyone could make their requests' log lines look like someone else's.
 */
export function requestIdGenerator(trustProxy: boolean): (raw: IncomingMessage) => string {
  return (raw) => {
    const given = trustProxy ? raw.headers[REQUEST_ID_HEADER] : undefined;
    return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
  };
}

/**
 * Every answer names its request in X-Request-Id (every log line of the request carries it as `reqId`), so a
 * staff member, a proxy's log or a support ticket can point at the very lines of a failure. Set first, so refusals
 * and errors carry it too.
 */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
