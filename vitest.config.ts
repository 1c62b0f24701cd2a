import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';

/** Files that take a minute or more, where other files take seconds: the axe-core walks, the fuzzer, server starts. */
const LONG_FILES = /(accessibility-\w+\.e2e|fuzz\.test|src\/server\/main\.test|backups\.test)\.ts$/;

/**
 * Long files first, so that none is left running alone at the end of a tier: a fresh clone has no timings of
 * earlier runs, and Vitest then starts the largest files first, which put the accessibility walks (three lines
 * each) last, a minute and a half with one worker idle (ADR 039).
 */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_FILES.test(file.moduleId);
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

/** The server's tests through app.inject on a database of their own, copied from one migrated template a run. */
const API = {
  environment: 'node',
  globalSetup: ['src/server/test/template-database.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  maxWorkers: 2,
} satisfies ViteUserConfig['test'];
/** Files that replace a module (`vi.mock`): they load the server's modules afresh, with the stand-in in place. */
const OWN_MODULES = ['src/server/http/csv.test.ts'];

// Five tiers, run separately by scripts/test.mjs: `unit` (contract, charts + web components in happy-dom),
// `api` (the server through app.inject on a real database), `cluster` (server processes on a PostgreSQL primary
// and a streaming replica they start), `upgrade` (the previous release's databases upgraded by server processes,
// and both releases serving one database), `e2e` (a real browser on a real server).
export default defineConfig({
  plugins: [react()],
  test: {
    // Each tier runs in a call of its own (scripts/test.mjs), so moving long files first keeps projects apart.
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/contract/**/*.test.ts', 'src/charts/**/*.test.ts'],
          setupFiles: ['src/web/test/setup.ts'],
          // Two files at a time on 2 cores (ADR 039), each worker keeping its modules and DOM from one file to the
          // next: loading React, Mantine and happy-dom afresh for every file took three times the tests' own time
          // (ADR 058). What a test changes of the shared page it puts back; spies are restored before each test.
          maxWorkers: 2,
          isolate: false,
          restoreMocks: true,
        },
      },
      {
        extends: true,
        test: {
          ...API,
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          exclude: OWN_MODULES,
          // Each worker keeps the server's modules from one file to the next (ADR 062): loading them afresh for each
          // file was a third of the tier. A file's app, database and clock are its own; module state is caches.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...API, name: 'api-isolated', include: OWN_MODULES },
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
          isolate: false,
        },
      },
    ],
  },
});
