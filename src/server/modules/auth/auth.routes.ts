import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authPaths,
  currentUser,
  INVALID_CREDENTIALS_MESSAGE,
  loginBody,
  loginResponse,
  TOO_MANY_LOGINS_MESSAGE,
} from '../../../contract/auth';
import { FieldErrors } from '../../http/errors';
import type { Db } from '../../db/client';
import { authenticate } from './auth.service';

const isXhr = (headers: Record<string, unknown>) => headers['x-requested-with'] === 'XMLHttpRequest';

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; loginRateLimit: number }> = async (
  app,
  { db, loginRateLimit },
) => {
  app.post(
    authPaths.login,
    {
      schema: { body: loginBody, response: { 200: loginResponse } },
      config: {
        access: 'public',
        rateLimit: {
          max: loginRateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: (_req, ctx) => ({ statusCode: ctx.statusCode, message: TOO_MANY_LOGINS_MESSAGE }),
        },
      },
    },
    async (request, reply) => {
      const user = await authenticate(db, request.body.email, request.body.password);
      if (!user) {
        request.log.info({ email: request.body.email }, 'sign-in refused');
        throw new FieldErrors({ email: [INVALID_CREDENTIALS_MESSAGE] });
      }
      // A new session id on sign-in prevents fixation; the CSRF secret is kept so the open page's token stays valid.
      await request.session.regenerate(['_csrf']);
      request.session.userId = user.id;
      request.log.info({ userId: user.id }, 'signed in');
      if (!isXhr(request.headers)) return reply.redirect('/admin', 303);
      return { user, csrfToken: reply.generateCsrf() };
    },
  );

  app.post(authPaths.logout, { config: { access: 'public' } }, async (request, reply) => {
    await request.session.destroy();
    if (!isXhr(request.headers)) return reply.redirect(authPaths.login, 303);
    return reply.code(204).send();
  });

  app.get(
    authPaths.me,
    { config: { access: 'signed-in' }, schema: { response: { 200: currentUser } } },
    async (request) => request.user!,
  );
};
