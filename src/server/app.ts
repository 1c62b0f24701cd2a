import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { isIP } from 'node:net';
import type { DestinationStream } from 'pino';
import { constants as zlib } from 'node:zlib';
import { expiredRunsCheckSeconds, type Config } from './config';
import { loggerOptions } from './logging';
import type { Database } from './db/types';
import { errorsPlugin } from './plugins/errors';
import { sessionPlugin } from './plugins/session';
import { accessPlugin } from './plugins/access';
import { openapiPlugin } from './plugins/openapi';
import { FORWARDED_ADDRESS_MESSAGE, NOT_FOUND_MESSAGE } from '../contract/errors';
import { spaPlugin } from './plugins/spa';
import { replicaReadsPlugin } from './plugins/replica-reads';
import { healthRoutes } from './modules/health.routes';
import { requestIdGenerator, requestIdPlugin } from './plugins/request-id';
import { metricsPlugin, metricsRoutes } from './plugins/metrics';
import { registerModules } from './modules';
import { openJobQueue, serverJobs, startBackgroundWork, type BackgroundWork } from './jobs/background-work';

export interface BuildOptions {
  /** The open, bootstrapped database (main.ts) or a test's; its opener closes it. */
  database: Database;
  /** Folder of the built SPA; defaults to WEB_DIST_DIR. `false` serves no pages. */
  webDir?: string | false;
  /** The clock of session lifetimes and sign-in throttling; tests move it forward. */
  now?: () => number;
  /** Where log lines go instead of stdout (the API tests read them back). */
  logStream?: DestinationStream;
  /**
   * The job queue and its work, started and closed by the caller (main.ts, which runs the schedules). Without it the
   * app opens its own, runs queued work but no schedule, and closes it with the app.
   */
  background?: BackgroundWork;
}

/**
 * Brotli, which every browser asks for, at quality 1 instead of the plugin's 4 (ADR 026): a map view of 43 KB came
 * to 5.2 KB in 0.09 ms of the request's thread against 5.1 KB in 0.44 ms, and a customers export cost 11.7 ms of
 * CPU a megabyte against 20.2 ms, 3.8 times smaller against 4.2 times. gzip, for clients without brotli (scripts,
 * `fetch` in Node), at level 1 for the same reason: every customer's file (100 MB) took 1.2 s of a core at level 1
 * and 2.8 s at the default 6, 3.1 times smaller against 3.6 (ADR 038).
 */
const BROTLI = { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP = { level: 1 };

/**
 * Node's requestTimeout stops counting once the headers are in, and a body trickled a byte at a time keeps a
 * socket from idling: the whole body too must be in within `ms`, or the connection is closed.
 */
function limitBodyTime(app: FastifyInstance, ms: number): void {
  const bodyDeadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  app.addHook('onRequest', async (request) => {
    const { raw } = request;
    if (raw.complete) return;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      request.log.info('request body too slow: connection closed');
      raw.socket.end?.('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }, ms);
    timer.unref();
    bodyDeadlines.set(request, timer);
  });
  const bodyIn = async (request: FastifyRequest) => clearTimeout(bodyDeadlines.get(request));
  // The body is in once the handler is reached; an answer given before (a refusal) ends the wait too.
  app.addHook('preHandler', bodyIn);
  app.addHook('onResponse', bodyIn);
}

/** Helmet's headers: the content security policy allows this origin only, and the map tile server when one is set. */
function securityHeaders(mapTileUrl: string | undefined) {
  const tileOrigin = mapTileUrl ? new URL(mapTileUrl.replace(/[{}]/g, '')).origin : null;
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine and Leaflet set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
        connectSrc: ["'self'"],
        // The installable app's service worker and manifest (ADR 051).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/** Builds the whole app without listening, so tests can `inject` and main.ts can `listen`. */
export async function buildApp(config: Config, opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { ...loggerOptions(config.LOG_LEVEL), ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // One line a request, when it is answered (below), not two: the log was a sixth of the server's time (ADR 063).
    logController: new LogController({ disableRequestLogging: true }),
    // TRUST_PROXY=1: exactly one proxy in front, so the client is the address it appended (the right-most
    // X-Forwarded-For entry); entries further left are the client's own say. A function, because Fastify ignores
    // a numeric hop count (it cannot check the peer): the app must be reachable only through that proxy.
    trustProxy: config.TRUST_PROXY ? (_address: string, hop: number) => hop < 1 : false,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: false,
    // A request (headers and body, at most 1 MB) must arrive within REQUEST_TIMEOUT_MS (408), and a socket with
    // nothing read or written for IDLE_TIMEOUT_MS is closed: a slow or idle client cannot hold a connection for
    // ever. Node checks the first every connectionsCheckingInterval, so that is a fraction of it.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.IDLE_TIMEOUT_MS,
    http: { connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.REQUEST_TIMEOUT_MS / 4)) },
    genReqId: requestIdGenerator(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { database } = opts;
  app.decorate('database', database);
  const now = opts.now ?? Date.now;

  // A request's line: what was asked (the `req` serializer censors secrets), the answer's status and its time.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
  await app.register(errorsPlugin);
  // Once the server is closing (SIGTERM), each answer closes its connection: a keep-alive connection busy at that
  // moment would otherwise stay open after its answer, and the shutdown would wait for it until its time limit.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin, { config, database });
  limitBodyTime(app, config.REQUEST_TIMEOUT_MS);
  // Behind the proxy, the client address is its X-Forwarded-For entry: one that is not an address is refused
  // before it reaches the throttle, the sessions or the audit log.
  if (config.TRUST_PROXY)
    app.addHook('onRequest', async (request, reply) => {
      if (!isIP(request.ip)) return reply.code(400).send({ message: FORWARDED_ADDRESS_MESSAGE });
    });
  // Helmet's middleware is built once: through @fastify/helmet it was built again for every request, parsing the
  // content security policy each time, 4 % of the CPU of a signed-in call (ADR 042).
  const setSecurityHeaders = helmet(securityHeaders(config.MAP_TILE_URL));
  app.addHook('onRequest', (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, () => done()));
  // Answers up to 64 KB (every map view) are compressed on the request's own thread, under a millisecond. Through
  // the stream pipeline and libuv's pool, which on 2 cores has no free core to offer, a map view of 260 markers
  // took 0.6 ms longer at p50 and 1.3 ms at p95; the plugin's default on 2 cores stops at 8 KB.
  await app.register(compress, { threshold: 1024, syncThreshold: 64 * 1024, brotliOptions: BROTLI, zlibOptions: GZIP });
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
  await app.register(metricsRoutes, { token: config.METRICS_TOKEN });
  app.get('/', { config: { access: 'public', page: true } }, (_req, reply) => reply.redirect('/admin'));
  let { background } = opts;
  if (!background) {
    const own = await startBackgroundWork(
      await openJobQueue(database, app.log, { expiredRunsCheckSeconds: expiredRunsCheckSeconds(config) }),
      database,
      serverJobs(database, config, { log: app.log, now }),
      {
        timeZone: config.BUSINESS_TIMEZONE,
        log: app.log,
        runSchedules: false,
      },
    );
    app.addHook('onClose', () => own.close());
    background = own;
  }
  await registerModules(app, { config, database, now }, background);

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
