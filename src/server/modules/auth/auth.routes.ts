import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  authEndpoints as endpoints,
  INVALID_CREDENTIALS_MESSAGE,
  LOGIN_PAGE,
  TOO_MANY_LOGINS_MESSAGE,
} from '../../../contract/auth';
import { FieldErrors } from '../../http/errors';
import { route } from '../../http/route';
import type { Db } from '../../db/client';
import { authenticate } from './auth.service';

const isXhr = (request: FastifyRequest) => request.headers['x-requested-with'] === 'XMLHttpRequest';

export const authRoutes: FastifyPluginAsync<{ db: Db; loginRateLimit: number }> = async (
  app,
  { db, loginRateLimit },
) => {
  // route() passes no config but access, so the sign-in limit is the hook of a scope holding that route alone.
  await app.register(async (scope) => {
    scope.addHook(
      'onRequest',
      scope.rateLimit({
        max: loginRateLimit,
        timeWindow: '1 minute',
        errorResponseBuilder: (_req, ctx) => ({ statusCode: ctx.statusCode, message: TOO_MANY_LOGINS_MESSAGE }),
      }),
    );
    route(scope, endpoints.login, async ({ body, request, reply }) => {
      const user = await authenticate(db, body.email, body.password);
      if (!user) {
        request.log.info({ email: body.email }, 'sign-in refused');
        throw new FieldErrors({ email: [INVALID_CREDENTIALS_MESSAGE] });
      }
      await app.startSession(request, user.id);
      request.log.info({ userId: user.id }, 'signed in');
      if (!isXhr(request)) return reply.redirect('/admin', 303);
      return { user, csrfToken: reply.generateCsrf() };
    });
  });

  route(app, endpoints.logout, async ({ request, reply }) => {
    await request.session.destroy();
    if (!isXhr(request)) return reply.redirect(LOGIN_PAGE, 303);
  });

  route(app, endpoints.me, ({ user }) => user);
};
