import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { allows, type Access } from '../../contract/access';
import { authPaths, type CurrentUser } from '../../contract/auth';
import { FORBIDDEN_MESSAGE, UNAUTHENTICATED_MESSAGE } from '../../contract/errors';

declare module 'fastify' {
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
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

/** The signed-in user, unless the account was disabled since (then the session counts for nothing). */
const loadUser = (db: Db, id: number) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      isRep: users.isRep,
      canForceCreate: users.canForceCreate,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.disabledAt)))
    .then(([user]) => user ?? null);

/**
 * Deny by default. Whether a request needs a session, and which permission, is read from the matched
 * route's own declaration (`config.access`), never from the URL text: the router has already decoded and
 * matched the path. A route without a declaration is refused at start-up and, should one slip through,
 * answers as if it needed a permission nobody has. Unmatched paths fall through to the 404 handler.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  const declared: RouteOptions[] = [];
  app.decorate('routeTable', [] as RouteEntry[]);
  app.addHook('onRoute', (route) => {
    declared.push(route);
  });
  // Checked once every plugin has registered its routes (a plugin may set its routes' access in its own onRoute).
  app.addHook('onReady', async () => {
    const methods = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
    app.routeTable = declared.flatMap((route) =>
      methods(route).map((method) => ({ method, url: route.url, access: route.config?.access })),
    );
    const undeclared = app.routeTable.filter((r) => !r.access);
    if (undeclared.length)
      throw new Error(
        `Routes without an access declaration: ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
  });

  app.decorateRequest('user', null);

  app.addHook('preValidation', async (request, reply) => {
    if (request.is404) return;
    const userId = request.session.userId;
    if (userId) request.user = await loadUser(db, userId);
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (!request.user) return refuseGuest(request, reply);
    if (!access || !allows(request.user.role, access)) {
      request.log.info({ userId: request.user.id, access, url: request.routeOptions.url }, 'permission denied');
      return reply.code(403).send({ message: FORBIDDEN_MESSAGE });
    }
  });
});

function refuseGuest(request: FastifyRequest, reply: FastifyReply) {
  const isXhr = request.headers['x-requested-with'] === 'XMLHttpRequest';
  if (request.routeOptions.config.page && !isXhr) return reply.redirect(authPaths.login, 302);
  return reply.code(401).send({ message: UNAUTHENTICATED_MESSAGE });
}
