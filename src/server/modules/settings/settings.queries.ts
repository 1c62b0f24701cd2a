import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';
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
  const [row] = await tx
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.key, key))
    .for('update');
  return row;
}

/** Creates the setting; false when another transaction created it first. */
export async function insertSetting(tx: Tx, key: string, value: unknown, userId: number): Promise<boolean> {
  const rows = await tx
    .insert(settings)
    .values({ key, value, updatedById: userId })
    .onConflictDoNothing({ target: settings.key })
    .returning({ key: settings.key });
  return rows.length === 1;
}

export async function updateSetting(tx: Tx, key: string, value: unknown, userId: number) {
  // clock_timestamp, not now(): two saves in one transaction-start instant must still get distinct versions.
  await tx
    .update(settings)
    .set({ value, updatedById: userId, updatedAt: sql`clock_timestamp()` })
    .where(eq(settings.key, key));
}
