import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  authEndpoints as endpoints,
  INVALID_CREDENTIALS_MESSAGE,
  TOO_MANY_LOGINS_MESSAGE,
} from '../../../contract/auth';
import { LOGIN_PAGE } from '../../../contract/pages';
import { isTotpCode, MFA_MESSAGES } from '../../../contract/mfa';
import { ActionError, FieldErrors, TooManyAttemptsError } from '../../http/errors';
import { route } from '../../http/route';
import type { Db } from '../../db/types';
import { recordSignIn, recordSignInFailure, recordSignOut } from './auth.audit';
import { authenticate } from './auth.service';
import { accountThrottle, loginThrottle } from './login-throttle';
import { checkSecondFactor, firstStepOf, forgetFirstStep, rememberFirstStep } from './second-factor';
import { secondFactorAccount } from './second-factor.queries';
import { hasTotpSecret, type TotpSecrets } from './totp-secret';
import type { SignInStep } from '../../metrics/app-metrics';

const isXhr = (request: FastifyRequest) => request.headers['x-requested-with'] === 'XMLHttpRequest';

/**
 * Passwords and second-step codes count in the same throttle, keyed by the address and the account's e-mail
 * (`admit`); the step that completes a sign-in clears its failures and starts the session (`signIn`).
 */
function signInGate(app: FastifyInstance, db: Db, throttle: ReturnType<typeof loginThrottle>) {
  const admit = async (request: FastifyRequest, reply: FastifyReply, email: string, step: SignInStep) => {
    const wait = await throttle.admit(request.ip, email);
    if (wait !== null) {
      request.log.warn({ email, ip: request.ip }, 'sign-in throttled');
      app.metrics?.signInThrottledAt(step);
      reply.header('retry-after', wait);
      throw new ActionError(TOO_MANY_LOGINS_MESSAGE, 429);
    }
  };

  const signIn = async (request: FastifyRequest, reply: FastifyReply, userId: number, email: string) => {
    await throttle.succeeded(request.ip, email);
    const csrfToken = await app.startSession(request, reply, userId);
    await recordSignIn(db, request, userId);
    return csrfToken;
  };
  return { admit, signIn };
}

export const authRoutes: FastifyPluginAsync<{
  db: Db;
  loginRateLimit: number;
  now: () => number;
  totp: TotpSecrets;
}> = async (app, { db, loginRateLimit, now, totp }) => {
  const throttle = loginThrottle(db, { perMinute: loginRateLimit, now });
  const codes = accountThrottle(db, now);

  const { admit, signIn } = signInGate(app, db, throttle);

  route(app, endpoints.login, async ({ body, request, reply }) => {
    await admit(request, reply, body.email, 'password');
    const user = await authenticate(db, body.email, body.password);
    if (!user) {
      request.log.info({ email: body.email }, 'sign-in refused');
      app.metrics?.signInFailed('password');
      await recordSignInFailure(db, request, body.email);
      throw new FieldErrors({ email: [INVALID_CREDENTIALS_MESSAGE] });
    }
    const factor = await secondFactorAccount(db, user.id);
    if (factor?.totpEnabledAt) {
      // No session yet, and the failures stay counted until the code is right too: the password alone proves little.
      rememberFirstStep(reply, { userId: user.id, epoch: factor.sessionEpoch }, now());
      request.log.info({ userId: user.id }, 'password accepted, code required');
      if (!isXhr(request)) return reply.redirect(`${LOGIN_PAGE}?step=code`, 303);
      return { mfaRequired: true as const };
    }
    const csrfToken = await signIn(request, reply, user.id, body.email);
    request.log.info({ userId: user.id }, 'signed in');
    if (!isXhr(request)) return reply.redirect('/admin', 303);
    return { user, csrfToken };
  });

  route(app, endpoints.loginCode, async ({ body, request, reply }) => {
    const step = firstStepOf(request, now());
    const account = step && (await secondFactorAccount(db, step.userId));
    // Disabled, its password changed or its second factor turned off since the first step: start again.
    const factorOn = account?.totpEnabledAt && hasTotpSecret(account);
    if (!account || !factorOn || account.disabledAt || account.sessionEpoch !== step.epoch) {
      forgetFirstStep(reply);
      throw new ActionError(MFA_MESSAGES.signInExpired);
    }
    // Opened before anything is counted: a secret this server cannot open is no guess of the person's (503).
    const secret = isTotpCode(body.code) ? totp.forCheck(account) : null;
    await admit(request, reply, account.email, 'code');
    const check = await codes
      .check(
        'code',
        account.id,
        () => checkSecondFactor(db, { id: account.id, totpSecret: secret }, body.code, now()),
        (c) => c === 'accepted',
      )
      .catch((err: unknown) => {
        // Too many wrong codes on the account, from anywhere: this sign-in starts again with the password.
        if (err instanceof TooManyAttemptsError) {
          forgetFirstStep(reply);
          app.metrics?.signInThrottledAt('code');
        }
        throw err;
      });
    if (check !== 'accepted') {
      request.log.info({ userId: account.id }, 'sign-in code refused');
      app.metrics?.signInFailed('code');
      await recordSignInFailure(db, request, account.email);
      throw new FieldErrors({ code: [check === 'replayed' ? MFA_MESSAGES.codeReplayed : MFA_MESSAGES.codeWrong] });
    }
    forgetFirstStep(reply);
    const csrfToken = await signIn(request, reply, account.id, account.email);
    request.log.info({ userId: account.id }, 'signed in with a second factor');
    if (!isXhr(request)) return reply.redirect('/admin', 303);
    const { id, email, name, role, isRep, canForceCreate } = account;
    return { user: { id, email, name, role, isRep, canForceCreate }, csrfToken };
  });

  route(app, endpoints.logout, async ({ user, request, reply }) => {
    if (user) await recordSignOut(db, request, user.id);
    await request.session.destroy();
    if (!isXhr(request)) return reply.redirect(LOGIN_PAGE, 303);
  });

  route(app, endpoints.me, ({ user }) => user);
};
