import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { settings, users } from '../../db/schema';

export async function readSetting(db: Tx, key: string) {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt, updatedBy: users.name })
    .from(settings)
    .leftJoin(users, eq(users.id, settings.updatedById))
    .where(eq(settings.key, key));
  return row;
}

/** Locks the setting's row (when it exists) so concurrent saves are audited one after the other. */
export async function lockSetting(tx: Tx, key: string) {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update');
  return row;
}

export async function writeSetting(tx: Tx, key: string, value: unknown, userId: number) {
  await tx
    .insert(settings)
    .values({ key, value, updatedById: userId })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedById: userId, updatedAt: sql`now()` } });
}
