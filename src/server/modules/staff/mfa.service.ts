import type { Db, Tx } from '../../db/types';
import { ActionError, FieldErrors } from '../../http/errors';
import {
  acceptTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpUri,
  type AccountThrottle,
  type TotpSecrets,
} from '../auth';
import { checkCurrentPassword } from './account.service';
import type { CurrentUser } from '../../../contract/auth';
import { MFA_MESSAGES, type MfaSetup, type MfaStatus } from '../../../contract/mfa';
import { clearTotp, enableTotp, mfaStateOf, replaceRecoveryCodes, setPendingSecret } from './mfa.queries';
import { auditAccount, type Caller } from './staff.audit';
import { revokeAccess, deleteSessionsOf, userByEmail } from './staff.queries';
import { StaffCommandError } from './staff.service';

/** The signed-in user's second factor (ADR 014); `required` is REQUIRE_MFA_FOR_ADMINS. */
export async function mfaStatusOf(db: Db, user: CurrentUser, required: boolean): Promise<MfaStatus> {
  const state = await mfaStateOf(db, user.id);
  const enabledAt = state?.enabledAt ?? null;
  return {
    enabled: !!enabledAt,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? (state?.recoveryCodesLeft ?? 0) : 0,
    setupRequired: required && user.role === 'administrator' && !enabledAt,
  };
}

/** A new secret for the user's app, kept sealed; it counts only once `confirmMfaSetup` has seen a code from it. */
export async function startMfaSetup(db: Db, totp: TotpSecrets, user: CurrentUser): Promise<MfaSetup> {
  const secret = newTotpSecret();
  if (!(await setPendingSecret(db, user.id, totp.seal(user.id, secret))))
    throw new ActionError(MFA_MESSAGES.alreadyEnabled, 409);
  return { secret, uri: totpUri(secret, user.email) };
}

async function issueRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash));
  return codes;
}

/** Turns the second factor on with a current code of the pending secret; answers the recovery codes, once. */
export async function confirmMfaSetup(
  db: Db,
  secrets: AccountThrottle,
  totp: TotpSecrets,
  caller: Caller,
  code: string,
  nowMs: number,
): Promise<string[]> {
  const state = await mfaStateOf(db, caller.id);
  if (state?.enabledAt) throw new ActionError(MFA_MESSAGES.alreadyEnabled, 409);
  const secret = state && totp.forCheck(state);
  if (!secret) throw new ActionError(MFA_MESSAGES.notStarted, 409);
  // The confirming code uses up its step too, so it cannot be replayed at a sign-in.
  const check = await secrets.check(
    'code',
    caller.id,
    () => acceptTotpCode(db, caller.id, secret, code, nowMs),
    (c) => c === 'accepted',
  );
  if (check !== 'accepted')
    throw new FieldErrors({ code: [check === 'replayed' ? MFA_MESSAGES.codeReplayed : MFA_MESSAGES.codeWrong] });
  return db.transaction(async (tx) => {
    if (!(await enableTotp(tx, caller.id, new Date(nowMs)))) throw new ActionError(MFA_MESSAGES.alreadyEnabled, 409);
    const codes = await issueRecoveryCodes(tx, caller.id);
    await auditAccount(tx, 'account.mfa_enabled', caller.id, caller);
    return codes;
  });
}

/**
 * Turns the second factor off after checking the password. Like a password change, every other session ends (the
 * epoch moves on and their rows go); the caller moves the current session to the answered epoch so it stays.
 */
export async function disableMfa(db: Db, secrets: AccountThrottle, caller: Caller, password: string): Promise<number> {
  await checkCurrentPassword(db, secrets, caller.id, password);
  if (!(await mfaStateOf(db, caller.id))?.enabledAt) throw new ActionError(MFA_MESSAGES.notEnabled, 409);
  return db.transaction(async (tx) => {
    await clearTotp(tx, caller.id);
    const epoch = await revokeAccess(tx, caller.id);
    await deleteSessionsOf(tx, caller.id, caller.sid);
    await auditAccount(tx, 'account.mfa_disabled', caller.id, caller);
    return epoch;
  });
}

/** A new set of recovery codes after checking the password; the old ones, used or not, stop working. */
export async function renewRecoveryCodes(
  db: Db,
  secrets: AccountThrottle,
  caller: Caller,
  password: string,
): Promise<string[]> {
  await checkCurrentPassword(db, secrets, caller.id, password);
  if (!(await mfaStateOf(db, caller.id))?.enabledAt) throw new ActionError(MFA_MESSAGES.notEnabled, 409);
  return db.transaction(async (tx) => {
    const codes = await issueRecoveryCodes(tx, caller.id);
    await auditAccount(tx, 'account.recovery_codes_replaced', caller.id, caller);
    return codes;
  });
}

/**
 * `npm run users -- reset-two-factor`: the way back for someone who lost both their phone and their recovery codes.
 * Every session of the account ends; the next sign-in asks for the password alone.
 */
export async function resetMfaByEmail(db: Db, email: string): Promise<void> {
  const user = await userByEmail(db, email);
  if (!user) throw new StaffCommandError(`No staff account has the e-mail ${email}.`);
  await db.transaction(async (tx) => {
    await clearTotp(tx, user.id);
    await revokeAccess(tx, user.id);
    await deleteSessionsOf(tx, user.id);
    await auditAccount(tx, 'account.mfa_disabled', user.id, undefined);
  });
}
