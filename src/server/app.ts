import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { errorsPlugin } from './plugins/errors';
import { sessionPlugin } from './plugins/session';
import { accessPlugin } from './plugins/access';
import { openapiPlugin } from './plugins/openapi';
import { NOT_FOUND_MESSAGE } from '../contract/errors';
import { spaPlugin } from './plugins/spa';
import { healthRoutes } from './modules/health.routes';
import { registerModules } from './modules';
import { ensureReferenceData } from './seed/reference';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise one is opened from config and closed with the app. */
  database?: Database;
  /** Folder of the built SPA; defaults to WEB_DIST_DIR. `false` serves no pages. */
  webDir?: string | false;
  /** The clock of session lifetimes; tests move it forward. */
  now?: () => number;
}

/** Builds the whole app without listening, so tests can `inject` and main.ts can `listen`. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'body.password'] },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, app.log));
  if (!opts.database) app.addHook('onClose', () => database.close());
  await ensureReferenceData(database.db);
  app.decorate('database', database);

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
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  await app.register(sessionPlugin, { config, db: database.db });
  await app.register(accessPlugin, {
    db: database.db,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    now: opts.now ?? Date.now,
  });
  await app.register(openapiPlugin);

  await app.register(healthRoutes, { database });
  app.get('/', { config: { access: 'public', page: true } }, (_req, reply) => reply.redirect('/admin'));
  await registerModules(app, { config, database });

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
