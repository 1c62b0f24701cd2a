import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { recoveryCodes, currentUserColumns, users } from '../../db/schema';

/** The account as the second step of a sign-in needs it: who it is, whether it still may sign in, its factor. */
export async function secondFactorAccount(db: Tx, id: number) {
  const [row] = await db
    .select({
      ...currentUserColumns,
      disabledAt: users.disabledAt,
      sessionEpoch: users.sessionEpoch,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
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
