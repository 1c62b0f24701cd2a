import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, Session } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { users } from '../db/schema';
import { originOf, recordAudit } from '../modules/audit';
import { allows, type Access } from '../../contract/access';
import type { CurrentUser } from '../../contract/auth';
import { LOGIN_PAGE } from '../../contract/pages';
import { FORBIDDEN_MESSAGE, UNAUTHENTICATED_MESSAGE } from '../../contract/errors';
import { MFA_MESSAGES } from '../../contract/mfa';
import { CSRF_COOKIE } from './session';

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** The user's session epoch at sign-in. */
    epoch?: number;
    /** When the user signed in (ms since the epoch), for the absolute lifetime. */
    signedInAt?: number;
    userAgent?: string | null;
    ip?: string;
    /** Last written while in use (ms since the epoch): see the session refresh. */
    activeAt?: number;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every route declares it (src/contract/access.ts). */
    access?: Access;
    /** An HTML page of the SPA: without a session it redirects to the login page instead of answering 401. */
    page?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in staff member, set before validation; null for a guest. */
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    /** Every registered route with its declared access, as the router matches them. */
    routeTable: RouteEntry[];
    /** Signs the user in on this request: a fresh session that the guard will accept. */
    /** Signs the user in on a new session id and a new CSRF secret; answers the CSRF token for the SPA. */
    startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<string>;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** A page of the SPA rather than an API call. */
  page: boolean;
}

/**
 * The session's user, unless the session no longer counts: the account was disabled, its password changed or
 * it was signed out everywhere since (the epoch moved on), or the session outlived its absolute lifetime. The
 * account was read with the session (session-store.ts); a session without one read counts for no one.
 * `secondFactor`: whether the user has two-factor sign-in on (ADR 014).
 */
function sessionUser(
  session: Session,
  now: number,
  absoluteMs: number,
): { user: CurrentUser; secondFactor: boolean } | null {
  const { userId, epoch, signedInAt, account } = session;
  if (!userId || signedInAt === undefined || now - signedInAt > absoluteMs) return null;
  if (!account || account.id !== userId || account.sessionEpoch !== epoch) return null;
  const { sessionEpoch: _epoch, secondFactor, ...user } = account;
  return { user, secondFactor };
}

/**
 * Deny by default. Whether a request needs a session, and which permission, is read from the matched
 * route's own declaration (`config.access`), never from the URL text: the router has already decoded and
 * matched the path. A route without a declaration is refused at start-up and, should one slip through,
 * answers as if it needed a permission nobody has. Unmatched paths fall through to the 404 handler.
 */
export const accessPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Db; absoluteMs: number; now: () => number; requireMfaForAdmins?: boolean },
  ) => {
    const { db, absoluteMs, now, requireMfaForAdmins = false } = opts;
    const declared: RouteOptions[] = [];
    app.decorate('routeTable', [] as RouteEntry[]);
    app.addHook('onRoute', (route) => {
      declared.push(route);
    });
    // Checked once every plugin has registered its routes (a plugin may set its routes' access in its own onRoute).
    app.addHook('onReady', async () => {
      const methods = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
      app.routeTable = declared.flatMap((route) =>
        methods(route).map((method) => ({
          method,
          url: route.url,
          access: route.config?.access,
          page: route.config?.page ?? false,
        })),
      );
      const undeclared = app.routeTable.filter((r) => !r.access);
      if (undeclared.length)
        throw new Error(
          `Routes without an access declaration: ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`,
        );
    });

    app.decorateRequest('user', null);

    // Anything behind a sign-in may carry personal data: no cache, shared or private, may keep it.
    app.addHook('onSend', async (request, reply) => {
      if (!request.is404 && request.routeOptions.config.access !== 'public' && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
    });

    // A new session id at sign-in prevents fixation; the epoch and time let the guard end it later.
    app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
      // The user agent and address let the account page tell the user's sessions apart.
      const signedInAt = now();
      const [row] = await db
        .update(users)
        .set({ lastSignInAt: new Date(signedInAt) })
        .where(eq(users.id, userId))
        .returning({ epoch: users.sessionEpoch });
      await request.session.regenerate();
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      Object.assign(request.session, { userId, epoch: row?.epoch ?? 0, signedInAt, userAgent, ip: request.ip });
      // The CSRF secret of before the sign-in (which a page planted in a shared browser may know) stops working.
      delete request.cookies[CSRF_COOKIE];
      return reply.generateCsrf();
    });

    app.addHook('preValidation', async (request, reply) => {
      if (request.is404) return;
      let secondFactor = false;
      if (request.session.userId) {
        const found = sessionUser(request.session, now(), absoluteMs);
        request.user = found?.user ?? null;
        secondFactor = found?.secondFactor ?? false;
        if (!found) await request.session.destroy();
      }
      const access = request.routeOptions.config.access;
      if (access === 'public') return;
      if (!request.user) return refuseGuest(request, reply);
      // REQUIRE_MFA_FOR_ADMINS (ADR 014): until they set it up, an Administrator reaches only their own account.
      if (requireMfaForAdmins && !secondFactor && access !== 'signed-in' && request.user.role === 'administrator')
        return reply.code(403).send({ message: MFA_MESSAGES.setupRequired });
      if (!access || !allows(request.user.role, access)) {
        const { id } = request.user;
        const attempt = { method: request.method, route: request.routeOptions.url, permission: access ?? null };
        request.log.info({ userId: id, ...attempt }, 'permission denied');
        await recordAudit(db, {
          ...originOf(request),
          userId: id,
          action: 'auth.permission_denied',
          entityType: 'user',
          entityId: id,
          after: attempt,
        });
        return reply.code(403).send({ message: FORBIDDEN_MESSAGE });
      }
    });
  },
);

function refuseGuest(request: FastifyRequest, reply: FastifyReply) {
  const isXhr = request.headers['x-requested-with'] === 'XMLHttpRequest';
  if (request.routeOptions.config.page && !isXhr) return reply.redirect(LOGIN_PAGE, 302);
  return reply.code(401).send({ message: UNAUTHENTICATED_MESSAGE });
}
