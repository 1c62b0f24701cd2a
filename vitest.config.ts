import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Five tiers, run separately by scripts/test.mjs: `unit` (contract + web components in happy-dom),
// `api` (the server through app.inject on a real database), `cluster` (server processes on a PostgreSQL primary
// and a streaming replica they start), `upgrade` (the previous release's databases upgraded by server processes,
// and both releases serving one database), `e2e` (a real browser on a real server).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/contract/**/*.test.ts'],
          setupFiles: ['src/web/test/setup.ts'],
          // Two files at a time on 2 cores (ADR 039).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['src/server/test/template-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['src/server/**/*.cluster.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'upgrade',
          environment: 'node',
          include: ['src/server/**/*.upgrade.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // Each file runs server processes and a PostgreSQL server of its own: one file at a time on 2 cores.
          maxWorkers: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['src/server/test/template-database.ts'],
          // A journey waits for what the user waits for, as long as a busy machine makes them wait: polls give
          // up after 20 s, not 1 s.
          expect: { poll: { timeout: 20_000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
