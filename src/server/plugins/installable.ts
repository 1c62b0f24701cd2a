import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';

/** The build's service worker and manifest, at the top of /admin so the worker's scope is the whole app. */
const FILES = {
  'sw.js': 'text/javascript; charset=utf-8',
  'manifest.webmanifest': 'application/manifest+json; charset=utf-8',
} as const;

/**
 * Serves the installable app's files (ADR 051), public as the assets are: they hold no one's data. The worker and
 * the manifest are looked at again on every visit (`no-cache`), so a new release's worker is found at once; its
 * scope is stated, and the icons are kept a day (their names have no hash).
 */
export async function installableFiles(app: FastifyInstance, opts: { webDir: string }) {
  for (const [name, type] of Object.entries(FILES)) {
    const file = path.join(opts.webDir, name);
    // A build without the plugin (a unit test's fixture) has none: the paths are then unknown, as any other.
    if (!fs.existsSync(file)) continue;
    const body = fs.readFileSync(file);
    app.get(`/admin/${name}`, { config: { access: 'public' } }, (_request, reply) => {
      if (name === 'sw.js') reply.header('service-worker-allowed', '/admin/');
      return reply.header('cache-control', 'no-cache').type(type).send(body);
    });
  }
  const icons = path.join(opts.webDir, 'icons');
  if (!fs.existsSync(icons)) return;
  for (const name of fs.readdirSync(icons).filter((n) => n.endsWith('.svg'))) {
    const body = fs.readFileSync(path.join(icons, name));
    app.get(`/admin/icons/${name}`, { config: { access: 'public' } }, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(body),
    );
  }
}
