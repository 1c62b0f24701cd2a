import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { formatLsn, parseLsn, ReplicaSet } from './replicas';
import type { Db } from './types';

const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('read replicas', () => {
  const serverUrl = process.env.DATABASE_URL;

  it('compares WAL positions as numbers and ignores anything else', () => {
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('0/FF')! < parseLsn('1/0')!).toBe(true);
    expect(formatLsn(parseLsn('16/B374D848')!)).toBe('16/B374D848');
    for (const bad of [undefined, '', '16', '16/', 'G/1', '1/2/3', '123456789/0', ' 1/2', '1/2\u0000'])
      expect(parseLsn(bad)).toBeNull();
  });

  it.runIf(!!serverUrl)('never picks a replica it cannot reach, and reports it down', async () => {
    const primary = new pg.Pool({ connectionString: serverUrl, max: 2 });
    const readOnly = new URL(serverUrl!);
    readOnly.searchParams.set('options', '-c default_transaction_read_only=on');
    const replicas = new ReplicaSet(['postgres://nobody@127.0.0.1:1/none', readOnly.toString()], primary, {
      maxLagMs: 1_000,
      poolSize: 2,
    });
    try {
      await replicas.start();
      expect(replicas.status()).toEqual([
        { name: 'replica 1', status: 'down', lagMs: null },
        { name: 'replica 2', status: 'ok', lagMs: 0 },
      ]);
      for (let i = 0; i < 4; i++) {
        const db = replicas.pick(null)!;
        expect(await rowsOf(db, sql`show default_transaction_read_only`)).toEqual([
          { default_transaction_read_only: 'on' },
        ]);
      }
    } finally {
      await replicas.close();
      await primary.end();
    }
  });

  it.runIf(!!serverUrl)(
    'runs a read again on the primary when its replica connection is cut mid-statement',
    async () => {
      const primary = new pg.Pool({ connectionString: serverUrl, max: 2 });
      const readOnly = new URL(serverUrl!);
      readOnly.searchParams.set('options', '-c default_transaction_read_only=on');
      readOnly.searchParams.set('application_name', 'cut-me');
      // Checked only when the test says, so what the failed statement did to the state is seen.
      const replicas = new ReplicaSet([readOnly.toString()], primary, {
        maxLagMs: 1_000,
        poolSize: 1,
        checkEveryMs: 3_600_000,
      });
      try {
        await replicas.start();
        const db = replicas.pick(null)!;
        const answer = rowsOf(db, sql`select pg_sleep(1), current_setting('default_transaction_read_only') as ro`);
        // As a replica shutting down would: its server ends the session while the statement runs (once it runs).
        const cut = async () =>
          (
            await primary.query(
              `select pg_terminate_backend(pid) from pg_stat_activity
               where application_name = 'cut-me' and state = 'active' and query like '%pg_sleep%'`,
            )
          ).rowCount;
        await expect.poll(cut, { timeout: 20_000, interval: 20 }).toBe(1);
        // Answered by the primary, which is not read-only.
        expect(await answer).toMatchObject([{ ro: 'off' }]);
        expect(replicas.status()[0]!.status).toBe('down');
        expect(replicas.pick(null)).toBeUndefined();
        // It answers again: the next check puts it back in use.
        await replicas.check();
        expect(replicas.status()[0]!.status).toBe('ok');
      } finally {
        await replicas.close();
        await primary.end();
      }
    },
  );
});
