import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config';
import type { Database } from './db/client';
import { errorsPlugin } from './plugins/errors';
import { sessionPlugin } from './plugins/session';
import { accessPlugin } from './plugins/access';
import { openapiPlugin } from './plugins/openapi';
import { NOT_FOUND_MESSAGE } from '../contract/errors';
import { spaPlugin } from './plugins/spa';
import { replicaReadsPlugin } from './plugins/replica-reads';
import { healthRoutes } from './modules/health.routes';
import { registerModules } from './modules';

export interface BuildOptions {
  /** The open, bootstrapped database (main.ts) or a test's; its opener closes it. */
  database: Database;
  /** Folder of the built SPA; defaults to WEB_DIST_DIR. `false` serves no pages. */
  webDir?: string | false;
  /** The clock of session lifetimes and sign-in throttling; tests move it forward. */
  now?: () => number;
}

/**
 * Brotli, which every browser asks for, at quality 1 instead of the plugin's 4 (ADR 026): a map view of 43 KB came
 * to 5.2 KB in 0.09 ms of the request's thread against 5.1 KB in 0.44 ms, and a customers export cost 11.7 ms of
 * CPU a megabyte against 20.2 ms, 3.8 times smaller against 4.2 times. gzip, for clients without brotli, keeps
 * zlib's default level.
 */
const BROTLI = { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 1 } };

/** Builds the whole app without listening, so tests can `inject` and main.ts can `listen`. */
export async function buildApp(config: Config, opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'body.password'] },
    // TRUST_PROXY=1: exactly one proxy in front, so the client is the address it appended (the right-most
    // X-Forwarded-For entry); entries further left are the client's own say. A function, because Fastify ignores
    // a numeric hop count (it cannot check the peer): the app must be reachable only through that proxy.
    trustProxy: config.TRUST_PROXY ? (_address: string, hop: number) => hop < 1 : false,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { database } = opts;
  app.decorate('database', database);
  const now = opts.now ?? Date.now;

  await app.register(errorsPlugin);
  const tileOrigin = config.MAP_TILE_URL ? new URL(config.MAP_TILE_URL.replace(/[{}]/g, '')).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine and Leaflet set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Answers up to 64 KB (every map view) are compressed on the request's own thread, under a millisecond. Through
  // the stream pipeline and libuv's pool, which on 2 cores has no free core to offer, a map view of 260 markers
  // took 0.6 ms longer at p50 and 1.3 ms at p95; the plugin's default on 2 cores stops at 8 KB.
  await app.register(compress, { threshold: 1024, syncThreshold: 64 * 1024, brotliOptions: BROTLI });
  await app.register(formbody);
  await app.register(sessionPlugin, { config, db: database.primary });
  await app.register(accessPlugin, {
    db: database.primary,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    requireMfaForAdmins: config.REQUIRE_MFA_FOR_ADMINS,
    now,
  });
  if (database.replicas) await app.register(replicaReadsPlugin, { replicas: database.replicas });
  await app.register(openapiPlugin);

  await app.register(healthRoutes, { database });
  app.get('/', { config: { access: 'public', page: true } }, (_req, reply) => reply.redirect('/admin'));
  await registerModules(app, { config, database, now });

  const webDir = opts.webDir ?? path.resolve(config.WEB_DIST_DIR);
  if (webDir) await app.register(spaPlugin, { webDir });
  else app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: NOT_FOUND_MESSAGE }));
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}
