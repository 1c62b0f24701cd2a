import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The app's own modules run nothing on import that another module relies on (main.tsx aside), so a module none of
 * whose exports is used is left out: importing one thing from a barrel (ui/index.ts) does not bundle the rest.
 */
const appModule = /\/src\/(web|contract)\/.+\.tsx?$/;

// The SPA is served by the Fastify server under /admin; `npm run dev` rebuilds it on change.
export default defineConfig({
  root: 'src/web',
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: process.env.WEB_OUT_DIR ?? '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id) => (appModule.test(id) && !id.endsWith('/main.tsx') ? false : undefined),
      },
      // Everything the first page load needs in one chunk: one request, one gzip stream (bench/bundle.bench.ts).
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
});
