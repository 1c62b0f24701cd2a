import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CSRF_MISMATCH_MESSAGE, SERVER_ERROR_MESSAGE } from '../../contract/errors';
import { ActionError, FieldErrors, ForbiddenError, NotFoundError } from '../http/errors';

/** Turns a zod validation failure into the field-keyed map of the 422 answer. */
function fieldErrors(
  validation: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }[],
) {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const issue of validation) {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys as string[]) {
        const field = base ? `${base}.${key}` : key;
        add(field, `The ${field} field is not allowed.`);
      }
    } else {
      add(base || 'body', issue.message ?? 'The value is invalid.');
    }
  }
  return errors;
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      return reply.code(422).send({ message: Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors });
    }
    if (error instanceof FieldErrors) return reply.code(422).send({ message: error.message, errors: error.errors });
    if (error instanceof ActionError)
      return reply.code(error.statusCode).send({ message: error.message, errors: [error.message] });
    if (error instanceof NotFoundError || error instanceof ForbiddenError)
      return reply.code(error.statusCode).send({ message: error.message });
    if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
      request.log.warn({ url: request.url }, 'CSRF token mismatch');
      return reply.code(419).send({ message: CSRF_MISMATCH_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'The request is too large.' : error.message;
      return reply.code(status).send({ message, errors: [message] });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: SERVER_ERROR_MESSAGE });
  });
});
