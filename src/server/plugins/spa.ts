import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the built SPA under /admin. Hashed assets are cached for a year; the HTML is never cached and
 * carries this session's CSRF token in `<meta name="csrf-token">`. Unknown GETs under /admin that want a
 * page get the SPA (its router shows the 404 page); API calls get a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDir: string }) => {
  const indexFile = path.join(opts.webDir, 'index.html');
  if (!fs.existsSync(indexFile))
    throw new Error(`The web app is not built: ${indexFile} is missing. Run "npm run build".`);
  const template = fs.readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: path.join(opts.webDir, 'assets'),
    prefix: '/admin/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    wildcard: true,
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (path === '/admin' || path.startsWith('/admin/')) &&
      !path.startsWith('/admin/api/') &&
      !path.startsWith('/admin/assets/') &&
      request.headers['x-requested-with'] !== 'XMLHttpRequest';
    if (!wantsPage) return reply.code(404).send({ message: 'Not Found.' });
    const token = reply.generateCsrf();
    const html = template.replace('<head>', `<head>\n    <meta name="csrf-token" content="${escapeAttr(token)}">`);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
});
