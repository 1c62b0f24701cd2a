import pg from 'pg';
import type { Tx } from './types';

/**
 * The share of a pool's connections each kind of slow call may hold at once, at least one; past it, a call waits its
 * turn, so the rest of the pool always serves every other request (ADR 044). An export holds its connection for as
 * long as its client downloads (seconds for every customer); a search by text reads its matches from a trigram
 * index, each read again from the table, which costs more the more rows match.
 */
const SHARES = { exports: 1 / 4, searches: 1 / 2 } as const;
export type SlowCall = keyof typeof SHARES;

export const slotsFor = (kind: SlowCall, poolSize: number) => Math.max(1, Math.floor(poolSize * SHARES[kind]));

/** A count of slots taken in turn: `take` resolves with the function that gives the slot back (once). */
export class Slots {
  private taken = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  async take(): Promise<() => void> {
    if (this.taken < this.size) this.taken++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.taken--;
    };
  }
}

const slotsOfPool = new WeakMap<pg.Pool, Record<SlowCall, Slots>>();

/** The slots of a pool for one kind of slow call, made on first use. */
export function slotsOf(pool: pg.Pool, kind: SlowCall): Slots {
  let slots = slotsOfPool.get(pool);
  if (!slots) {
    const size = pool.options.max ?? 10;
    slotsOfPool.set(
      pool,
      (slots = { exports: new Slots(slotsFor('exports', size)), searches: new Slots(slotsFor('searches', size)) }),
    );
  }
  return slots[kind];
}

/** The node-postgres pool behind a handle (a replica's, when the request reads one); none on PGlite or in a transaction. */
export function poolOf(db: Tx): pg.Pool | undefined {
  const client: unknown = '$client' in db ? db.$client : undefined;
  return client instanceof pg.Pool ? client : undefined;
}

/** Runs `work` in one of the slots of `db`'s pool for `kind`; at once where there is no pool (PGlite, a transaction). */
export async function inSlot<T>(db: Tx, kind: SlowCall, work: () => Promise<T>): Promise<T> {
  const pool = poolOf(db);
  if (!pool) return work();
  const giveBack = await slotsOf(pool, kind).take();
  try {
    return await work();
  } finally {
    giveBack();
  }
}
