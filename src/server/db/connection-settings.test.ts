import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectDatabase } from './client';
import { rowsOf } from './rows';

describe('connection settings', () => {
  const serverUrl = process.env.DATABASE_URL;

  it.runIf(!!serverUrl)(
    "sets each pooled connection's parallel workers and statement timeout as it opens",
    async () => {
      const read = async (settings: { parallelWorkers?: number; statementTimeoutMs?: number }) => {
        const database = await connectDatabase({ databaseUrl: serverUrl, poolSize: 2, ...settings });
        try {
          const [row] = await rowsOf<{ workers: string; timeout: string }>(
            database.db,
            sql`SELECT current_setting('max_parallel_workers_per_gather') AS workers,
                     current_setting('statement_timeout') AS timeout`,
          );
          return row;
        } finally {
          await database.close();
        }
      };
      expect(await read({ parallelWorkers: 0, statementTimeoutMs: 1500 })).toEqual({ workers: '0', timeout: '1500ms' });
      expect(await read({ parallelWorkers: 3 })).toMatchObject({ workers: '3' });
    },
  );
});
