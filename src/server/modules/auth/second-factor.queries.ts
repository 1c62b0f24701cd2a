import { and, eq, isNotNull, isNull, lt, notLike, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { recoveryCodes, currentUserColumns, users } from '../../db/schema';
import type { StoredTotpSecret } from './totp-secret';

/** The account as the second step of a sign-in needs it: who it is, whether it still may sign in, its factor. */
export async function secondFactorAccount(db: Tx, id: number) {
  const [row] = await db
    .select({
      ...currentUserColumns,
      disabledAt: users.disabledAt,
      sessionEpoch: users.sessionEpoch,
      totpSecret: users.totpSecret,
      totpSecretSealed: users.totpSecretSealed,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The TOTP secrets still in clear, or sealed with another key than the current one: what a start seals. */
export function totpSecretsToSeal(db: Tx, currentKeyId: string): Promise<(StoredTotpSecret & { email: string })[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      totpSecret: users.totpSecret,
      totpSecretSealed: users.totpSecretSealed,
    })
    .from(users)
    .where(
      or(
        isNotNull(users.totpSecret),
        and(isNotNull(users.totpSecretSealed), notLike(users.totpSecretSealed, `v1.${currentKeyId}.%`)),
      ),
    )
    .orderBy(users.id);
}

/**
 * Puts the secret, sealed anew, in place of what was read, and clears the clear column; false when the row changed
 * meanwhile (a set-up started again or turned off, maybe by a 1.0.0 instance), which is then left as it is.
 */
export async function replaceTotpSecret(db: Tx, read: StoredTotpSecret, sealed: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: null, totpSecretSealed: sealed })
    .where(
      and(
        eq(users.id, read.id),
        sql`${users.totpSecret} is not distinct from ${read.totpSecret}`,
        sql`${users.totpSecretSealed} is not distinct from ${read.totpSecretSealed}`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Records the step of an accepted code, unless a code of that step or a later one was already accepted: one
 * conditional UPDATE, so two requests racing with the same code cannot both pass. False means a replay.
 */
export async function claimTotpStep(db: Tx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Marks an unused recovery code of the user used; false when there is none with that hash (or it was used). */
export async function useRecoveryCode(db: Tx, userId: number, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}
