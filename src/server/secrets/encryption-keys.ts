import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { settings } from '../db/schema';
import { decodeKey, Keyring, KEY_BYTES } from './keyring';

/** The settings row of the key generated when ENCRYPTION_KEY is unset (ADR 030). */
export const STORED_KEY_SETTING = 'encryption_key';

async function storedKey(db: Db): Promise<Buffer | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, STORED_KEY_SETTING));
  return row ? Buffer.from(row.value as string, 'base64url') : null;
}

/**
 * The key kept in the database, generated the first time. Instances starting together may each generate one:
 * the first insert wins and every instance reads that one back.
 */
async function storedKeyOrNew(db: Db): Promise<Buffer> {
  const found = await storedKey(db);
  if (found) return found;
  const value = randomBytes(KEY_BYTES).toString('base64url');
  await db.insert(settings).values({ key: STORED_KEY_SETTING, value }).onConflictDoNothing();
  return (await storedKey(db))!;
}

const configured = (text: string | undefined) => (text ? decodeKey(text) : null);

/**
 * The keys of secrets at rest: ENCRYPTION_KEY seals (else the key kept in the database, made once); they and
 * ENCRYPTION_KEY_PREVIOUS open. With ENCRYPTION_KEY set, a key kept in the database from before still opens what
 * it sealed, so moving from the generated key to one of your own needs no other step.
 */
export async function loadKeyring(
  db: Db,
  config: Pick<Config, 'ENCRYPTION_KEY' | 'ENCRYPTION_KEY_PREVIOUS'>,
): Promise<Keyring> {
  const current = configured(config.ENCRYPTION_KEY);
  const previous = configured(config.ENCRYPTION_KEY_PREVIOUS);
  const openOnly = previous ? [previous] : [];
  if (!current) return new Keyring(await storedKeyOrNew(db), openOnly);
  const stored = await storedKey(db);
  return new Keyring(current, stored ? [...openOnly, stored] : openOnly);
}
