import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { inSlot, slotsFor, Slots } from './connection-budget';
import * as schema from './schema';
import { copyOut } from './copy-out';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  // Every callback already due runs before this one: a slot free to take is taken by then.
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('connection budget', () => {
  it('lends exports a quarter of the pool and searches half of it, at least one connection each', () => {
    expect([1, 3, 4, 10, 40].map((size) => slotsFor('exports', size))).toEqual([1, 1, 1, 2, 10]);
    expect([1, 3, 4, 10, 40].map((size) => slotsFor('searches', size))).toEqual([1, 1, 2, 5, 20]);
  });

  it('hands slots out in turn: a taker past the size waits for one given back, and giving back twice frees one', async () => {
    const slots = new Slots(2);
    const first = await slots.take();
    const second = await slots.take();
    const third = slots.take();
    const fourth = slots.take();
    expect(await settled(third)).toBe(false);
    first();
    first();
    expect(await settled(third)).toBe(true);
    expect(await settled(fourth)).toBe(false);
    second();
    expect(await settled(fourth)).toBe(true);
    (await third)();
    (await fourth)();
    await slots.take();
    await slots.take();
    expect(await settled(slots.take())).toBe(false);
  });

  const serverUrl = process.env.DATABASE_URL;
  it.runIf(!!serverUrl)('runs searches on half the pool: on a pool of two, one after the other', async () => {
    const pool = new pg.Pool({ connectionString: serverUrl, max: 2 });
    const db = drizzle(pool, { schema });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = inSlot(db, 'searches', () => held);
      let secondStarted = false;
      const second = inSlot(db, 'searches', async () => {
        secondStarted = true;
      });
      expect(await settled(second)).toBe(false);
      expect(secondStarted).toBe(false);
      release();
      await first;
      await second;
      expect(secondStarted).toBe(true);
      // Outside a pool (a transaction's handle), nothing waits.
      await db.transaction((tx) => inSlot(tx, 'searches', () => inSlot(tx, 'searches', () => Promise.resolve())));
    } finally {
      await pool.end();
    }
  });

  it.runIf(!!serverUrl)(
    'runs one export at a time on a pool of four, the next once the first is read whole or left',
    async () => {
      const pool = new pg.Pool({ connectionString: serverUrl, max: 4 });
      const lent = () => pool.totalCount - pool.idleCount;
      const read = async (rows: AsyncIterable<Buffer>) => {
        let text = '';
        for await (const chunk of rows) text += chunk.toString();
        return text;
      };
      try {
        const first = await copyOut(pool, sql`SELECT n FROM generate_series(1, 3) AS n`);
        const second = copyOut(pool, sql`SELECT 'second'`);
        expect(await settled(second)).toBe(false);
        expect(lent()).toBe(1);
        expect(await read(first)).toBe('1\n2\n3\n');
        expect(await read(await second)).toBe('second\n');

        // A download left part way (the client went away) gives its slot back too.
        const left = (await copyOut(pool, sql`SELECT n FROM generate_series(1, 200000) AS n`))[Symbol.asyncIterator]();
        await left.next();
        const third = copyOut(pool, sql`SELECT 'third'`);
        expect(await settled(third)).toBe(false);
        expect(lent()).toBe(1);
        await left.return?.();
        expect(await read(await third)).toBe('third\n');
      } finally {
        await pool.end();
      }
    },
  );
});
