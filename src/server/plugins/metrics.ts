import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type http from 'node:http';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { route } from '../http/route';
import { AppMetrics, UNMATCHED_ROUTE } from '../metrics/app-metrics';
import { bearerTokenMatches } from '../metrics/bearer-token';
import { close, listen, metricsListener } from '../metrics/metrics-listener';
import { metricsEndpoints } from '../../contract/metrics';
import { UNAUTHENTICATED_MESSAGE } from '../../contract/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics, or null when they are off (no METRICS_TOKEN, no METRICS_PORT): nothing is counted. */
    metrics: AppMetrics | null;
    /** METRICS_PORT's own listener, listening once the app is ready. */
    metricsServer: http.Server | null;
  }
}

type MetricsConfig = Pick<Config, 'HOST' | 'METRICS_TOKEN' | 'METRICS_PORT'>;

/**
 * Metrics, when METRICS_TOKEN or METRICS_PORT turns them on (ADR 029): every answer counted under its route's
 * template, and METRICS_PORT's listener started with the app and stopped with it. Registered before every route,
 * so its hook sees them all.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { config, database }: { config: MetricsConfig; database: Database }) => {
    const on = config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined;
    const metrics = on ? new AppMetrics(database, app.log) : null;
    const server = metrics && config.METRICS_PORT !== undefined ? metricsListener(metrics, app.log) : null;
    app.decorate('metrics', metrics);
    app.decorate('metricsServer', server);
    if (!metrics) return;
    app.addHook('onClose', async () => metrics.close());
    // The template the router matched, never the URL: one series per route, whatever ids and queries clients send.
    app.addHook('onResponse', async (request, reply) => {
      const template = request.is404 ? undefined : request.routeOptions.url;
      metrics.requestDone(request.method, template ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    });
    if (server) {
      app.addHook('onReady', () => listen(server, config.METRICS_PORT!, config.HOST));
      app.addHook('onClose', () => close(server));
    }
  },
);

/**
 * GET /metrics on the main port, with METRICS_TOKEN only: for a caller sending it as a bearer token, whatever its
 * session. Without METRICS_TOKEN the route does not exist (404, as any unknown path).
 */
export const metricsRoutes: FastifyPluginAsync<{ token: string | undefined }> = async (app, { token }) => {
  const { metrics } = app;
  if (!token || !metrics) return;
  route(app, metricsEndpoints.metrics, async ({ request, reply }) => {
    if (!bearerTokenMatches(request.headers.authorization, token)) {
      request.log.info('metrics token refused');
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: UNAUTHENTICATED_MESSAGE });
    }
    reply.header('content-type', metrics.contentType).header('cache-control', 'no-store');
    return metrics.text();
  });
};
