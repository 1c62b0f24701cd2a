import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import csrf from '@fastify/csrf-protection';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { settings } from '../db/schema';
import { PgSessionStore } from './session-store';
import { ASSETS_PREFIX } from './spa';

/** The cookie-signing secret: SESSION_SECRET, else one generated once and kept in the database. */
export async function sessionSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const [row] = await db.select().from(settings).where(eq(settings.key, 'session_secret'));
  if (row) return row.value as string;
  const secret = randomBytes(48).toString('base64url');
  await db.insert(settings).values({ key: 'session_secret', value: secret }).onConflictDoNothing();
  const [stored] = await db.select().from(settings).where(eq(settings.key, 'session_secret'));
  return stored!.value as string;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route acts on a signed token in its address alone, never on the session: no CSRF token is asked. */
    signedLink?: boolean;
  }
}
const SESSION_COOKIE = 'bo_session';
/** The signed cookie that holds the CSRF secret. */
export const CSRF_COOKIE = 'bo_csrf';
/**
 * How often a session in use is written again to extend its idle expiry (and its cookie): once a minute, or a
 * quarter of the idle time when that is shorter, so a session in use is always refreshed well before it idles out.
 */
export const sessionRefreshMs = (idleMs: number) => Math.min(60_000, Math.floor(idleMs / 4));

/** Sessions in PostgreSQL (written at sign-in only), CSRF on every state-changing request (X-CSRF-TOKEN header or `_token` field). */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db }) => {
  const { config, db } = opts;
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const refreshMs = sessionRefreshMs(idleMs);
  const secret = await sessionSecret(db, config.SESSION_SECRET);
  await app.register(cookie, { secret });
  // A built script or stylesheet is public and needs no session; its source map does (spa.ts). Set aside before
  // the store is read, the cookie costs a cold page load no lookup per file: seventy of them sat in front of the
  // page's own first calls (ADR 041).
  const store = new PgSessionStore(db, idleMs, config.SESSION_CACHE_MS);
  app.addHook('onRequest', async (request) => {
    const url = request.url.split('?', 1)[0]!;
    if (url.startsWith(ASSETS_PREFIX) && !url.endsWith('.map')) delete request.cookies[SESSION_COOKIE];
    // A request that changes something reads its session and account afresh (ADR 064). The cookie is the id, a
    // dot and its signature; forgetting an id whose signature is wrong costs nothing.
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie && UNSAFE.has(request.method)) store.forget(cookie.slice(0, cookie.lastIndexOf('.')));
  });
  // After a change made here (an account's role, its sign-out, its password), no request here reads a copy from
  // before it: every session is read again.
  app.addHook('onSend', async (request) => {
    if (UNSAFE.has(request.method)) store.forgetAll();
  });
  await app.register(session, {
    secret,
    cookieName: SESSION_COOKIE,
    store,
    saveUninitialized: false,
    // Not on every request: a write per read halved the throughput. See the refresh hook below.
    rolling: false,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: idleMs,
    },
  });
  // The CSRF secret lives in its own signed cookie, not in the session: a guest's page load (the login page)
  // then writes nothing to the session store, and only a sign-in creates a session row.
  await app.register(csrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: CSRF_COOKIE,
    cookieOpts: { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', signed: true },
    getToken: (req) => {
      const header = req.headers['x-csrf-token'];
      if (typeof header === 'string' && header) return header;
      const body = req.body as Record<string, unknown> | undefined;
      return typeof body?._token === 'string' ? body._token : undefined;
    },
  });

  // Sessions expire when idle: one in use is written again, with a fresh expiry and cookie, once its stored expiry
  // is a refresh interval old, so a busy session costs one write a minute instead of one per request.
  app.addHook('preHandler', async (request) => {
    const { session } = request;
    // The expiry as last stored (the library keeps it beside the recomputed one; its types omit it).
    const stored = (session.cookie as { originalExpires?: Date } | undefined)?.originalExpires;
    if (!session.userId || !stored || stored.getTime() - Date.now() > idleMs - refreshMs) return;
    // A change of the session's data is what makes the store save it.
    session.set('activeAt', Date.now());
  });

  app.addHook('preValidation', async (request, reply) => {
    // A signed link (an e-mail's unsubscribe) is its own credential and reads no session: nothing to forge.
    if (UNSAFE.has(request.method) && !request.routeOptions.config.signedLink) {
      // csrfProtection either calls back or answers the request itself (419 via the error handler).
      await new Promise<void>((resolve) => {
        app.csrfProtection(request, reply, resolve);
        if (reply.sent) resolve();
      });
      if (reply.sent) return reply;
      // `_token` is transport, not data: strip it so strict schemas see only the form's fields.
      if (request.body && typeof request.body === 'object') delete (request.body as Record<string, unknown>)._token;
    }
  });
});
