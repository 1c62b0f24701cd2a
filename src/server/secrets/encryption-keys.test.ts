import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/types';
import { settings } from '../db/schema';
import { openTestDatabase } from '../test/database';
import { loadKeyring, STORED_KEY_SETTING } from './encryption-keys';
import { keyIdOf } from './keyring';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const storedRows = () => database.db.select().from(settings).where(eq(settings.key, STORED_KEY_SETTING));

describe('the encryption key', () => {
  it('is generated once and kept in the database when ENCRYPTION_KEY is unset, the same for instances starting together', async () => {
    const rings = await Promise.all([1, 2, 3, 4].map(() => loadKeyring(database.db, {})));
    expect(new Set(rings.map((r) => r.currentId)).size).toBe(1);
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.value as string, 'base64url')).toHaveLength(32);
    expect((await loadKeyring(database.db, {})).currentId).toBe(rings[0]!.currentId);
  });

  it('is ENCRYPTION_KEY when set; the key kept in the database and ENCRYPTION_KEY_PREVIOUS then only open', async () => {
    const stored = (await loadKeyring(database.db, {})).currentId;
    const [current, previous] = [randomBytes(32), randomBytes(32)];
    const ring = await loadKeyring(database.db, {
      ENCRYPTION_KEY: current.toString('hex'),
      ENCRYPTION_KEY_PREVIOUS: previous.toString('base64'),
    });
    expect(ring.currentId).toBe(keyIdOf(current));
    expect(ring.has(keyIdOf(previous))).toBe(true);
    expect(ring.has(stored)).toBe(true);
    expect(await storedRows()).toHaveLength(1);
  });
});
