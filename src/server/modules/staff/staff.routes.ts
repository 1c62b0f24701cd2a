import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../../contract/auth';
import { accountEndpoints, setPasswordEndpoints, staffEndpoints } from '../../../contract/staff';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { originOf } from '../audit';
import { accountThrottle } from '../auth';
import type { Mailer } from '../mail';
import { changeOwnPassword, endOwnSession, ownSessions } from './account.service';
import { checkLink, setPasswordWithLink } from './password-links';
import {
  disableStaff,
  enableStaff,
  inviteStaff,
  listStaff,
  resetStaffPassword,
  signOutEverywhere,
  updateStaff,
  type LinkContext,
} from './staff.service';
import type { Caller } from './staff.audit';

export const staffRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer; origin: string; now: () => number }> = async (
  app,
  { db, mailer, origin, now },
) => {
  // Links point at PUBLIC_URL (config.publicOrigin), never at the request's Host header, which anyone can set.
  const links = (request: FastifyRequest): LinkContext => ({ origin, mailer, log: request.log });
  const secrets = accountThrottle(db, now);

  const caller = (request: FastifyRequest, user: CurrentUser): Caller => ({
    id: user.id,
    sid: request.session.sessionId,
    ...originOf(request),
  });
  // An Administrator ending their own sessions keeps the one they asked from: it moves on to the new epoch.
  const keepOwnSession = (request: FastifyRequest, user: CurrentUser, id: number, epoch: number) => {
    if (user.id === id) request.session.epoch = epoch;
  };

  route(app, staffEndpoints.list, () => listStaff(db));
  route(app, staffEndpoints.invite, ({ body, user, request }) =>
    inviteStaff(db, body, caller(request, user), links(request)),
  );
  route(app, staffEndpoints.update, ({ params, body, user, request }) =>
    updateStaff(db, params.id, body, caller(request, user)),
  );
  route(app, staffEndpoints.disable, ({ params, user, request }) => disableStaff(db, params.id, caller(request, user)));
  route(app, staffEndpoints.enable, ({ params, user, request }) => enableStaff(db, params.id, caller(request, user)));
  route(app, staffEndpoints.signOutEverywhere, async ({ params, user, request }) => {
    const { row, epoch } = await signOutEverywhere(db, params.id, caller(request, user));
    keepOwnSession(request, user, params.id, epoch);
    return row;
  });
  route(app, staffEndpoints.resetPassword, async ({ params, user, request }) => {
    const { link, epoch } = await resetStaffPassword(db, params.id, caller(request, user), links(request));
    keepOwnSession(request, user, params.id, epoch);
    return link;
  });

  route(app, accountEndpoints.sessions, ({ user, request }) => ownSessions(db, user.id, request.session.sessionId));
  route(app, accountEndpoints.endSession, async ({ user, params, request }) => {
    await endOwnSession(db, caller(request, user), params.key);
  });
  route(app, accountEndpoints.changePassword, async ({ user, body, request }) => {
    const epoch = await changeOwnPassword(
      db,
      secrets,
      user,
      caller(request, user),
      body.currentPassword,
      body.password,
    );
    // This session carries the new epoch, so it alone outlives the change.
    request.session.epoch = epoch;
    request.log.info({ userId: user.id }, 'password changed');
  });

  route(app, setPasswordEndpoints.check, ({ query }) => checkLink(db, query.token));
  route(app, setPasswordEndpoints.set, async ({ body, request }) => {
    const userId = await setPasswordWithLink(db, body.token, body.password, originOf(request));
    request.log.info({ userId }, 'password set through a link');
  });
};
