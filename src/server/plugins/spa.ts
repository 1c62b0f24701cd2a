import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LOGIN_PAGE, SET_PASSWORD_PAGE } from '../../contract/pages';
import { NOT_FOUND_MESSAGE } from '../../contract/errors';
import { RELEASE_VERSION, SCHEMA_MIGRATION } from '../release';
import { pageStarts } from './page-starts';
import { installableFiles } from './installable';

/**
 * Sets the colour scheme on <html> before the first paint, as Mantine will (its saved choice, else the system's),
 * so a dark page never flashes white while the app's code loads. Inline, allowed by a nonce of this page alone.
 */
const COLOR_SCHEME_SCRIPT =
  "try{var s=localStorage.getItem('mantine-color-scheme-value');" +
  "var d=s==='dark'||(s!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);" +
  "document.documentElement.setAttribute('data-mantine-color-scheme',d?'dark':'light')}catch(e){}";

/** Where the build's hashed files are served. */
export const ASSETS_PREFIX = '/admin/assets/';

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The release that served the page, shown under the navigation. */
const RELEASE_META = `<meta name="release" content="${escapeAttr(`${RELEASE_VERSION} · schema ${SCHEMA_MIGRATION}`)}">`;

/**
 * Serves the built SPA under /admin. Hashed assets are public and cached for a year; the HTML is never cached
 * and carries this session's CSRF token in `<meta name="csrf-token">`. The login page is public; every other
 * page needs a session (a guest is redirected to the login page). Unknown API paths and XHR calls to page
 * paths get a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDir: string }) => {
  const indexFile = path.join(opts.webDir, 'index.html');
  if (!fs.existsSync(indexFile))
    throw new Error(`The web app is not built: ${indexFile} is missing. Run "npm run build".`);
  const template = fs.readFileSync(indexFile, 'utf8');
  const startsOf = pageStarts(opts.webDir, template);

  await app.register(async (assets) => {
    // @fastify/static takes no route config: its routes are declared public here, in their own scope.
    assets.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    // Source maps show the whole client source: for staff only. The router has decoded the file name already.
    const isSourceMap = (request: FastifyRequest) => ((request.params as { '*'?: string })['*'] ?? '').endsWith('.map');
    assets.addHook('preHandler', async (request, reply) => {
      if (isSourceMap(request) && !request.user) return reply.code(404).send({ message: NOT_FOUND_MESSAGE });
    });
    // …so no shared cache may keep one and hand it to anyone: the browser alone keeps it.
    assets.addHook('onSend', async (request, reply, payload) => {
      if (isSourceMap(request) && reply.statusCode === 200)
        reply.header('cache-control', 'private, max-age=31536000, immutable').header('vary', 'cookie');
      return payload;
    });
    await assets.register(fastifyStatic, {
      root: path.join(opts.webDir, 'assets'),
      prefix: ASSETS_PREFIX,
      immutable: true,
      maxAge: '365d',
      // The build writes each asset's .br and .gz beside it (vite.config.ts): sent as they are when accepted.
      preCompressed: true,
      index: false,
      wildcard: true,
    });
  });

  await app.register(installableFiles, { webDir: opts.webDir });

  const notFound = (reply: FastifyReply) => reply.code(404).send({ message: NOT_FOUND_MESSAGE });
  const page = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers['x-requested-with'] === 'XMLHttpRequest') return notFound(reply);
    const token = reply.generateCsrf();
    const nonce = randomBytes(16).toString('base64');
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`));
    // A signed-in page's code and first answers are asked for at once (ADR 041); the sign-in pages start nothing.
    // Its answers first, before the stylesheet a script would wait for; its code after the entry's.
    const starts = request.user ? startsOf(request.url.split('?')[0]!, request.user.role) : { script: '', links: '' };
    const html = template
      .replace(
        '<head>',
        `<head>\n    <meta name="csrf-token" content="${escapeAttr(token)}">\n    ${RELEASE_META}\n    <script nonce="${nonce}">${COLOR_SCHEME_SCRIPT}${starts.script}</script>`,
      )
      .replace('</head>', `  ${starts.links}\n  </head>`);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  app.get(LOGIN_PAGE, { config: { access: 'public', page: true } }, page);
  app.get(SET_PASSWORD_PAGE, { config: { access: 'public', page: true } }, page);
  // The SPA's router draws every other page, its own 404 page included.
  app.get('/admin', { config: { access: 'signed-in', page: true } }, page);
  app.get('/admin/*', { config: { access: 'signed-in', page: true } }, page);
  app.get('/admin/api/*', { config: { access: 'public' } }, (_request, reply) => notFound(reply));
  app.setNotFoundHandler((_request, reply) => notFound(reply));
});
