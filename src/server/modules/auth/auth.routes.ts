import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  authEndpoints as endpoints,
  INVALID_CREDENTIALS_MESSAGE,
  LOGIN_PAGE,
  TOO_MANY_LOGINS_MESSAGE,
} from '../../../contract/auth';
import { ActionError, FieldErrors } from '../../http/errors';
import { route } from '../../http/route';
import type { Db } from '../../db/client';
import { authenticate } from './auth.service';
import { loginThrottle } from './login-throttle';

const isXhr = (request: FastifyRequest) => request.headers['x-requested-with'] === 'XMLHttpRequest';

export const authRoutes: FastifyPluginAsync<{ db: Db; loginRateLimit: number; now: () => number }> = async (
  app,
  { db, loginRateLimit, now },
) => {
  const throttle = loginThrottle(db, { perMinute: loginRateLimit, now });

  route(app, endpoints.login, async ({ body, request, reply }) => {
    const wait = await throttle.admit(request.ip, body.email);
    if (wait !== null) {
      request.log.warn({ email: body.email, ip: request.ip }, 'sign-in throttled');
      reply.header('retry-after', wait);
      throw new ActionError(TOO_MANY_LOGINS_MESSAGE, 429);
    }
    const user = await authenticate(db, body.email, body.password);
    if (!user) {
      request.log.info({ email: body.email }, 'sign-in refused');
      throw new FieldErrors({ email: [INVALID_CREDENTIALS_MESSAGE] });
    }
    await throttle.succeeded(request.ip, body.email);
    await app.startSession(request, user.id);
    request.log.info({ userId: user.id }, 'signed in');
    if (!isXhr(request)) return reply.redirect('/admin', 303);
    return { user, csrfToken: reply.generateCsrf() };
  });

  route(app, endpoints.logout, async ({ request, reply }) => {
    await request.session.destroy();
    if (!isXhr(request)) return reply.redirect(LOGIN_PAGE, 303);
  });

  route(app, endpoints.me, ({ user }) => user);
};
