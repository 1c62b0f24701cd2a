import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { recoveryCodes, users } from '../../db/schema';

/** The user's second factor: its secret (pending while not enabled), and how many recovery codes are unused. */
export async function mfaStateOf(db: Tx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      totpSecret: users.totpSecret,
      totpSecretSealed: users.totpSecretSealed,
      enabledAt: users.totpEnabledAt,
      recoveryCodesLeft: sql<number>`(select count(*)::int from ${recoveryCodes}
        where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Keeps a new secret, sealed, pending until a code confirms it, and clears any left in clear; false (nothing
 * changed) when the factor is already on.
 */
export async function setPendingSecret(tx: Tx, userId: number, sealedSecret: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ totpSecret: null, totpSecretSealed: sealedSecret, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Puts the pending secret in force; false when there is none or it already is. */
export async function enableTotp(tx: Tx, userId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ totpEnabledAt: at })
    .where(
      and(
        eq(users.id, userId),
        isNull(users.totpEnabledAt),
        or(isNotNull(users.totpSecret), isNotNull(users.totpSecretSealed)),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Forgets the secret and every recovery code: sign-in asks for the password alone again. */
export async function clearTotp(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ totpSecret: null, totpSecretSealed: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** A new set of recovery codes (their hashes) in place of the old one, used or not. */
export async function replaceRecoveryCodes(tx: Tx, userId: number, codeHashes: string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}
