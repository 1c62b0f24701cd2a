import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import type { OutboxStore, WaitingVisit } from './outbox';

/**
 * The outbox in IndexedDB, one database per signed-in user: a phone shared by two reps shows each only their own
 * visits, and signing out deletes the whole database of that user.
 */
const nameOf = (userId: number) => `visit-outbox-${userId}`;
const VISITS = 'visits';

const open = new Map<number, Promise<IDBPDatabase>>();

function db(userId: number): Promise<IDBPDatabase> {
  let found = open.get(userId);
  if (!found) {
    found = openDB(nameOf(userId), 1, {
      upgrade(database) {
        database.createObjectStore(VISITS, { keyPath: 'key' });
      },
    });
    open.set(userId, found);
  }
  return found;
}

export function outboxOf(userId: number): OutboxStore {
  return {
    all: async () => (await db(userId)).getAll(VISITS) as Promise<WaitingVisit[]>,
    put: async (visit) => void (await (await db(userId)).put(VISITS, visit)),
    remove: async (key) => (await db(userId)).delete(VISITS, key),
  };
}

/** Deletes a user's outbox, the connection this page holds closed first so the deletion is not blocked. */
export async function deleteOutbox(userId: number): Promise<void> {
  const connection = open.get(userId);
  open.delete(userId);
  if (connection) (await connection).close();
  await deleteDB(nameOf(userId));
}
