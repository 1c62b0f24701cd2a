import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CSRF_MISMATCH_MESSAGE, SERVER_ERROR_MESSAGE, type ServerErrorBody } from '../../contract/errors';
import { isStreaming } from '../http/csv';
import { isQueryCanceled } from '../db/query-canceled';
import { ActionError, FieldErrors, ForbiddenError, NotFoundError, TooManyAttemptsError } from '../http/errors';

export const STATEMENT_TIMEOUT_MESSAGE = 'The database took too long to answer. Please try again in a moment.';

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A download past its first batch: its status is gone, so the connection is closed, which tells the client
    // the file is not whole. Logged once, here; a client that went away is no error of ours.
    if (isStreaming(reply)) {
      const clientLeft = request.raw.destroyed || reply.raw.destroyed;
      if (clientLeft) request.log.info('download ended: the client closed the connection');
      else request.log.error({ err: error }, 'download stopped: the connection is closed');
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, errors } = FieldErrors.fromIssues(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          code: v.keyword,
          message: v.message ?? 'The value is invalid.',
          keys: Array.isArray(v.params.keys) ? (v.params.keys as string[]) : undefined,
        })),
      );
      return reply.code(422).send({ message, errors });
    }
    if (error instanceof FieldErrors) return reply.code(422).send({ message: error.message, errors: error.errors });
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', error.retryAfterSeconds);
    if (error instanceof ActionError)
      return reply.code(error.statusCode).send({ message: error.message, errors: [error.message] });
    if (error instanceof NotFoundError || error instanceof ForbiddenError)
      return reply.code(error.statusCode).send({ message: error.message });
    if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
      request.log.warn({ url: request.url }, 'CSRF token mismatch');
      return reply.code(419).send({ message: CSRF_MISMATCH_MESSAGE });
    }
    // PostgreSQL cancelled a statement past STATEMENT_TIMEOUT_MS: the request may pass later, nothing was half-done.
    if (isQueryCanceled(error)) {
      request.log.warn({ url: request.url }, 'statement timeout');
      request.server.metrics?.statementTimedOut();
      return reply.code(503).send({
        message: STATEMENT_TIMEOUT_MESSAGE,
        errors: [STATEMENT_TIMEOUT_MESSAGE],
        reference: request.id,
      } satisfies ServerErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'The request is too large.' : error.message;
      return reply.code(status).send({ message, errors: [message] });
    }
    // The reference is the request id of this line and of the answer's X-Request-Id: what the user quotes finds it.
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: SERVER_ERROR_MESSAGE, reference: request.id } satisfies ServerErrorBody);
  });
});
