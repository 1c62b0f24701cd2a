import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
  },
});
