import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './types';

/** The database the current request reads from, when it is not the primary. */
const readTarget = new AsyncLocalStorage<Db>();

/**
 * The handle the modules hold when there are replicas: each use goes to the database chosen for the request
 * being served (`readingFrom`), and to the primary everywhere else (sessions, access checks, start-up, jobs).
 * Drizzle's own `withReplicas` routes only `select` and sends `execute` — our SQL queries — to the primary, so
 * the choice is made per request instead.
 */
export function routedDb(primary: Db): Db {
  return new Proxy(primary, {
    get(target, prop) {
      const db = readTarget.getStore() ?? target;
      const value: unknown = Reflect.get(db, prop, db);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(db) : value;
    },
  });
}

/** Runs a request's handler with its statements sent to `db` (undefined: the primary). */
export function readingFrom<T>(db: Db | undefined, fn: () => T): T {
  return db ? readTarget.run(db, fn) : fn();
}

/**
 * Rows a stream reads after the handler has returned (a CSV download): the stream pulls them from socket events,
 * outside the request's context, so each pull is put back on the request's database.
 */
export function readingLater<T>(rows: AsyncIterable<T>): AsyncIterable<T> {
  const db = readTarget.getStore();
  if (!db) return rows;
  return {
    [Symbol.asyncIterator]() {
      const it = rows[Symbol.asyncIterator]();
      return {
        next: () => readTarget.run(db, () => it.next()),
        return: (value?: unknown) =>
          readTarget.run(db, () => it.return?.(value) ?? Promise.resolve({ done: true as const, value: undefined })),
      };
    },
  };
}
