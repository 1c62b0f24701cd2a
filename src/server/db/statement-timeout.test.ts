import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectDatabase } from './client';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openTestDatabase } from '../test/database';
import { createStaffUser, signedInAgent, spaShell } from '../test/app';
import { STATEMENT_TIMEOUT_MESSAGE } from '../plugins/errors';

describe('statement timeout', () => {
  const serverUrl = process.env.DATABASE_URL;

  it.runIf(!!serverUrl)('has PostgreSQL cancel a statement that runs past STATEMENT_TIMEOUT_MS', async () => {
    const database = await connectDatabase({ databaseUrl: serverUrl, poolSize: 2, statementTimeoutMs: 200 });
    try {
      await expect(database.db.execute(sql`SELECT pg_sleep(2)`)).rejects.toMatchObject({ cause: { code: '57014' } });
      // The connection stays usable for the next statement.
      await expect(database.db.execute(sql`SELECT 1`)).resolves.toBeDefined();
    } finally {
      await database.close();
    }
  });

  const opened: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const o of opened.reverse()) await o.close();
  });

  it('answers a cancelled statement with 503 and a clear message, never a 500', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const app = await buildApp(testConfig(), { database, webDir: spaShell() });
    opened.push(app);
    app.get('/admin/api/slow-report', { config: { access: 'signed-in' } }, async () => {
      // As Drizzle reports it: its own error, with PostgreSQL's as the cause.
      throw new Error('Failed query: SELECT …', {
        cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      });
    });
    await app.ready();
    const agent = await signedInAgent(app, await createStaffUser(database.db));
    const res = await agent.get('/admin/api/slow-report');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: STATEMENT_TIMEOUT_MESSAGE,
      errors: [STATEMENT_TIMEOUT_MESSAGE],
      reference: res.headers['x-request-id'],
    });
  });
});
