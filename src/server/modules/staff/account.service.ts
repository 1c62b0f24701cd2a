import { createHash } from 'node:crypto';
import type { Db } from '../../db/types';
import { ActionError, FieldErrors, NotFoundError } from '../../http/errors';
import { hashPassword, verifyPassword, type AccountThrottle } from '../auth';
import type { CurrentUser } from '../../../contract/auth';
import { STAFF_MESSAGES, type OwnSession } from '../../../contract/staff';
import { passwordProblem } from './password-policy';
import { auditAccount, type Caller } from './staff.audit';
import { revokeAccess, deleteSession, deleteSessionsOf, openSessionsOf, passwordHashOf } from './staff.queries';

/** The name a session is shown and ended by: the session id is the cookie's secret and never leaves the server. */
export const sessionKeyOf = (sid: string) => createHash('sha256').update(sid).digest('hex').slice(0, 16);

const textOrNull = (value: unknown, max: number) => (typeof value === 'string' && value ? value.slice(0, max) : null);

export async function ownSessions(db: Db, userId: number, currentSid: string): Promise<OwnSession[]> {
  const rows = await openSessionsOf(db, userId);
  return rows.map(({ sid, data, expiresAt }) => {
    const { signedInAt, userAgent, ip } = data as Record<string, unknown>;
    return {
      key: sessionKeyOf(sid),
      signedInAt: typeof signedInAt === 'number' ? new Date(signedInAt).toISOString() : null,
      expiresAt: expiresAt.toISOString(),
      userAgent: textOrNull(userAgent, 500),
      ip: textOrNull(ip, 100),
      current: sid === currentSid,
    };
  });
}

/** Ends another session of the caller; their own current one is ended by signing out. */
export async function endOwnSession(db: Db, caller: Caller, key: string): Promise<void> {
  const session = (await openSessionsOf(db, caller.id)).find((s) => sessionKeyOf(s.sid) === key);
  if (!session) throw new NotFoundError(STAFF_MESSAGES.sessionNotFound);
  if (session.sid === caller.sid) throw new ActionError(STAFF_MESSAGES.currentSession, 409);
  await db.transaction(async (tx) => {
    await deleteSession(tx, session.sid);
    await auditAccount(tx, 'account.session_ended', caller.id, caller, { before: { session: key } });
  });
}

/**
 * The account page's check of the signed-in user's current password, counted per account whatever the session
 * (a stolen session cannot guess it): a wrong one is a field error, too many a 429.
 */
export async function checkCurrentPassword(
  db: Db,
  secrets: AccountThrottle,
  userId: number,
  password: string,
): Promise<void> {
  const right = await secrets.check(
    'password',
    userId,
    async () => {
      const stored = await passwordHashOf(db, userId);
      return !!stored && (await verifyPassword(password, stored));
    },
    (ok) => ok,
  );
  if (!right) throw new FieldErrors({ currentPassword: [STAFF_MESSAGES.currentPasswordWrong] });
}

/**
 * Changes the signed-in user's password after checking the current one. Every other session ends (the epoch
 * moves on and their rows go); the caller moves the current session to the answered epoch so it stays.
 */
export async function changeOwnPassword(
  db: Db,
  secrets: AccountThrottle,
  user: CurrentUser,
  caller: Caller,
  current: string,
  password: string,
): Promise<number> {
  await checkCurrentPassword(db, secrets, user.id, current);
  const problem = passwordProblem(password, [user.email, user.name]);
  if (problem) throw new FieldErrors({ password: [problem] });
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const epoch = await revokeAccess(tx, user.id, passwordHash);
    await deleteSessionsOf(tx, user.id, caller.sid);
    await auditAccount(tx, 'account.password_changed', user.id, caller);
    return epoch;
  });
}
