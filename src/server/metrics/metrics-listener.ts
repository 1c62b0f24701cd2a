import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AppMetrics } from './app-metrics';

export const METRICS_PATH = '/metrics';

/**
 * METRICS_PORT: a listener of its own that answers GET /metrics and nothing else, with no session and no token,
 * for a scraper on a network staff cannot reach. Kept apart from the app: no hooks, no cookies, no pages.
 */
export function metricsListener(metrics: AppMetrics, log: FastifyBaseLogger): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found.\n');
      return;
    }
    metrics.text().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics not collected');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Server Error\n');
      },
    );
  });
}

/** Starts the listener; resolves once it listens, rejects if the port is taken. */
export function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops it, dropping a scraper's kept-alive connection rather than waiting for it. */
export function close(server: http.Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
