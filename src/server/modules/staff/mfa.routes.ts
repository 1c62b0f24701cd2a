import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../../contract/auth';
import { mfaEndpoints } from '../../../contract/mfa';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { originOf } from '../audit';
import { accountThrottle, type TotpSecrets } from '../auth';
import { confirmMfaSetup, disableMfa, mfaStatusOf, renewRecoveryCodes, startMfaSetup } from './mfa.service';
import type { Caller } from './staff.audit';

/** The second factor on the user's own account page (ADR 014). */
export const mfaRoutes: FastifyPluginAsync<{
  db: Db;
  now: () => number;
  requireForAdmins: boolean;
  totp: TotpSecrets;
}> = async (app, { db, now, requireForAdmins, totp }) => {
  const secrets = accountThrottle(db, now);
  const caller = (request: FastifyRequest, user: CurrentUser): Caller => ({
    id: user.id,
    sid: request.session.sessionId,
    ...originOf(request),
  });

  route(app, mfaEndpoints.status, ({ user }) => mfaStatusOf(db, user, requireForAdmins));
  route(app, mfaEndpoints.start, ({ user }) => startMfaSetup(db, totp, user));
  route(app, mfaEndpoints.confirm, async ({ user, body, request }) => {
    const recoveryCodes = await confirmMfaSetup(db, secrets, totp, caller(request, user), body.code, now());
    request.log.info({ userId: user.id }, 'two-factor sign-in turned on');
    return { recoveryCodes };
  });
  route(app, mfaEndpoints.disable, async ({ user, body, request }) => {
    // This session carries the new epoch, so it alone outlives the change.
    request.session.epoch = await disableMfa(db, secrets, caller(request, user), body.currentPassword);
    request.log.info({ userId: user.id }, 'two-factor sign-in turned off');
  });
  route(app, mfaEndpoints.recoveryCodes, async ({ user, body, request }) => ({
    recoveryCodes: await renewRecoveryCodes(db, secrets, caller(request, user), body.currentPassword),
  }));
};
