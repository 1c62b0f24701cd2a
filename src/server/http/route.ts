import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from '../../contract/zod';
import { FieldErrors } from './errors';
import { readingFrom } from '../db/read-routing';
import type { CurrentUser } from '../../contract/auth';
import type { BodyOut, Endpoint, ParamsOut, QueryOut, ResponseOf } from '../../contract/endpoint';

export interface RouteContext<E extends Endpoint> {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
  /** The signed-in user; only a public endpoint can be reached without one. */
  user: E['access'] extends 'public' ? CurrentUser | null : CurrentUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers the declared response (or, having sent a reply itself, that reply). */
export type Handler<E extends Endpoint> = (
  ctx: RouteContext<E>,
) => Promise<ResponseOf<E> | FastifyReply> | ResponseOf<E> | FastifyReply;

/** The documentation groups calls by their first path segment after /admin or /admin/api ("devices"). */
const tagOf = (path: string) => path.replace(/^\/admin(\/api)?\//, '/').split('/')[1] || 'admin';

/** What the documentation says of an answer with no body, in place of a 200 it would otherwise assume. */
const NO_CONTENT = z.null().describe('No Content');

/** What the documentation says of `Idempotency-Key`; `once` (idempotency.ts) checks it. */
const IDEMPOTENCY_HEADERS = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('A key made once per record to create (a UUID): the same key sent again answers the first answer.'),
});

/** Validates params and query as usual and leaves the body to the handler's per-user schema. */
const skipBody = (input: FastifyRouteSchemaDef<unknown>) =>
  input.httpPart === 'body' ? () => true : validatorCompiler(input as FastifyRouteSchemaDef<z.ZodType>);

export interface RouteOptions<E extends Endpoint> {
  /**
   * A body rule that depends on who sends it (§6 canForceCreate): the body is checked with this schema instead
   * of the declared one, in one pass, so one 422 names every problem. The declared body still documents the call.
   */
  bodyFor?(user: CurrentUser): z.ZodType<BodyOut<E>>;
}

/**
 * Registers the route of a declared endpoint: its schemas validate params, query and body (422 with field
 * messages) and serialize the answer; its access goes to the deny-by-default guard. Nothing else to keep in step.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: Handler<E>,
  { bodyFor }: RouteOptions<E> = {},
): void {
  const status = e.response ? (e.status ?? 200) : 204;
  app.route({
    ...(bodyFor && { validatorCompiler: skipBody }),
    method: e.method,
    url: e.path,
    config: { access: e.access, changes: e.changes },
    schema: {
      summary: e.summary,
      tags: [tagOf(e.path)],
      ...(e.params && { params: e.params }),
      ...(e.query && { querystring: e.query }),
      ...(e.body && { body: e.body }),
      ...(e.idempotent && { headers: IDEMPOTENCY_HEADERS }),
      response: { [status]: e.response ?? NO_CONTENT },
    },
    handler: async (request, reply) => {
      let body = request.body;
      if (bodyFor) {
        const parsed = bodyFor(request.user!).safeParse(body ?? {});
        if (!parsed.success) throw FieldErrors.fromIssues(parsed.error.issues);
        body = parsed.data;
      }
      const ctx = { params: request.params, query: request.query, body, user: request.user, request, reply };
      const result = await readingFrom(request.readDb, () => handler(ctx as RouteContext<E>));
      if (result === reply || reply.sent) return reply;
      if (status === 204) return reply.code(204).send();
      return reply.code(status).send(result);
    },
  });
}
