import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { ANSWERS_CACHE, OFFLINE_ANSWERS, PAGES_CACHE } from './src/web/lib/offline/cached-answers';

/**
 * The app's own modules run nothing on import that another module relies on, but main.tsx and contract/zod.ts
 * (which configures zod before any schema exists), so a module none of whose exports is used is left out:
 * importing one thing from a barrel (ui/index.ts) does not bundle the rest.
 */
const appModule = /\/src\/(web|contract)\/.+\.tsx?$/;
const withSideEffects = /\/src\/(web\/main\.tsx|contract\/zod\.ts)$/;

/** Libraries only a few pages load, each kept to its own chunks. */
const pageLibrary =
  /node_modules[\\/](echarts|zrender|leaflet|react-leaflet|@react-leaflet|supercluster|us-atlas|topojson-client|@zxcvbn-ts)[\\/]/;

/**
 * The kit's stylesheet applied after the page's own "Loading…" frame (index.html) instead of in the head: a
 * stylesheet in the head holds back every paint until it has arrived, one in the body only what follows it, so the
 * frame is painted as soon as the HTML is read. It comes before the app's root, whose theme variables must follow it
 * to win; it is still asked for first, by a preload in its place (else it would queue behind the route's scripts),
 * and the app's scripts still wait for it before they run.
 */
const stylesheetAfterFirstFrame: Plugin = {
  name: 'stylesheet-after-first-frame',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
      const preloaded = links.reduce(
        (page, link) => page.replace(link, link.replace('rel="stylesheet"', 'rel="preload" as="style"')),
        html,
      );
      return preloaded.replace('<div id="root">', `${links.map((link) => `${link}\n    `).join('')}<div id="root">`);
    },
  },
};

/**
 * The installable app (ADR 051): a manifest, and a service worker that precaches the build's code and styles and
 * keeps the last answer of the pages and calls a field rep uses, network first, so they open with no network.
 * The HTML is not precached: the server fills it in per session (CSRF token, nonce), so the last one served is kept.
 */
const installable = VitePWA({
  injectRegister: null,
  registerType: 'autoUpdate',
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: false,
  manifest: {
    id: '/admin/',
    name: 'Back Office',
    short_name: 'Back Office',
    description: 'Back office of a phone-subscription business: log prospect visits in the field, online or not.',
    start_url: '/admin/prospects/create',
    scope: '/admin/',
    display: 'standalone',
    theme_color: '#087f5b',
    background_color: '#ffffff',
    icons: [
      { src: '/admin/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/admin/icons/maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The .br and .gz twins and source maps are the same files again; index.html is a template.
    globPatterns: ['assets/**/*.{js,css,svg,woff2,png}', 'icons/*.svg'],
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    modifyURLPrefix: { '': '/admin/' },
    navigateFallback: null,
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        urlPattern: OFFLINE_ANSWERS,
        handler: 'NetworkFirst',
        options: { cacheName: ANSWERS_CACHE, networkTimeoutSeconds: 6, cacheableResponse: { statuses: [200] } },
      },
      {
        // Pages are opened by navigation; the sign-in pages and sign-out belong to no one and are never kept.
        urlPattern: ({ request, url }) =>
          request.mode === 'navigate' && !/^\/admin\/(login|logout|set-password)/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: PAGES_CACHE,
          networkTimeoutSeconds: 6,
          cacheableResponse: { statuses: [200] },
          // Every page is the one app, which its router draws from the address: the last page served is kept under
          // one key, so a page opened within the app (never loaded whole, as a visit opened from the list) opens
          // offline too. The worker runs a copy of this function's text, so it names nothing from this file.
          plugins: [{ cacheKeyWillBeUsed: async () => '/admin/' }],
        },
      },
    ],
  },
});

// The SPA is served by the Fastify server under /admin; `npm run dev` rebuilds it on change.
export default defineConfig({
  root: 'src/web',
  base: '/admin/',
  // Each asset also as .br and .gz, made once here at the highest levels, which the server sends as they are
  // instead of compressing a megabyte of script on every cold load (src/server/plugins/spa.ts). Source maps are
  // for staff only and rare; the HTML is a template the server fills in.
  plugins: [
    react(),
    stylesheetAfterFirstFrame,
    installable,
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/, /\.html$/] }),
  ],
  build: {
    outDir: process.env.WEB_OUT_DIR ?? '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // The server names each page's chunks in its HTML from it (src/server/plugins/page-starts.ts).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id) => (appModule.test(id) && !withSideEffects.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything the first page load needs in one chunk: one request, one gzip stream (bench/bundle.bench.ts).
            { name: 'index', tags: ['$initial'] },
            // The kit and libraries that six or more pages load, in one chunk too: a page's code comes in a score of
            // files, not seventy small ones (ADR 041). The charts', maps' and password meter's libraries stay apart.
            { name: 'shared', test: (id) => !pageLibrary.test(id), minShareCount: 6 },
          ],
        },
      },
    },
  },
});
