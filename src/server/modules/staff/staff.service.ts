import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/types';
import { ActionError, FieldErrors, NotFoundError } from '../../http/errors';
import { generatePassword, hashPassword } from '../auth';
import type { Mailer } from '../mail';
import type { RoleId } from '../../../contract/access';
import {
  STAFF_MESSAGES,
  type InviteInput,
  type PasswordLink,
  type StaffRow,
  type StaffUpdate,
} from '../../../contract/staff';
import { issueLink, sendLink } from './password-links';
import { passwordProblem } from './password-policy';
import { auditAccount, type Caller } from './staff.audit';
import {
  revokeAccess,
  deleteSessionsOf,
  INVITED_MARK,
  insertUser,
  lockActiveAdministrators,
  lockUser,
  staffById,
  staffList,
  updateUser,
  userByEmail,
  type StaffRecord,
} from './staff.queries';

export function toStaffRow({ disabledAt, invited, lastSignInAt, createdAt, ...row }: StaffRecord): StaffRow {
  return {
    ...row,
    lastSignInAt: lastSignInAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    status: disabledAt ? 'disabled' : invited ? 'invited' : 'active',
  };
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return (await staffList(db)).map(toStaffRow);
}

async function staffRow(db: Tx, id: number): Promise<StaffRow> {
  const row = await staffById(db, id);
  if (!row) throw new NotFoundError(STAFF_MESSAGES.notFound);
  return toStaffRow(row);
}

/** Where links point: the address the Administrator reached the app at. */
export interface LinkContext {
  origin: string;
  mailer: Mailer;
  log?: FastifyBaseLogger;
}

/**
 * Adds an account that cannot sign in until its person chooses a password with the e-mailed link. Its stored
 * hash is of a random secret nobody knows, so a sign-in attempt costs as long as for any other account.
 */
export async function inviteStaff(
  db: Db,
  input: InviteInput,
  caller: Caller,
  ctx: LinkContext,
): Promise<{ user: StaffRow; link: PasswordLink }> {
  const email = input.email.toLowerCase();
  const passwordHash = (await hashPassword(randomBytes(32).toString('base64url'))) + INVITED_MARK;
  const { id, link } = await db.transaction(async (tx) => {
    if (await userByEmail(tx, email)) throw new FieldErrors({ email: [STAFF_MESSAGES.emailTaken] });
    const id = await insertUser(tx, { ...input, email, passwordHash });
    if (!id) throw new FieldErrors({ email: [STAFF_MESSAGES.emailTaken] });
    await auditAccount(tx, 'staff.invited', id, caller, { after: { ...input, email } });
    return { id, link: await issueLink(tx, id, 'invite') };
  });
  ctx.log?.info({ userId: id, role: input.role }, 'staff invited');
  const sent = await sendLink(ctx.mailer, { email, name: input.name }, link, 'invite', ctx.origin, ctx.log);
  return { user: await staffRow(db, id), link: sent };
}

/**
 * Locks the active Administrators first (the same order in every transaction), then the account. Refuses a
 * change that would leave no active Administrator; a concurrent one waits for the lock and then sees this one.
 */
async function lockForChange(tx: Tx, id: number, removesAdministrator: boolean) {
  const admins = await lockActiveAdministrators(tx);
  const user = await lockUser(tx, id);
  if (!user) throw new NotFoundError(STAFF_MESSAGES.notFound);
  if (removesAdministrator && admins.includes(id) && admins.length <= 1)
    throw new ActionError(STAFF_MESSAGES.lastAdministrator, 409);
  return user;
}

/** Changes what differs from the account as it is, and audits exactly those fields, before and after. */
export async function updateStaff(db: Db, id: number, change: StaffUpdate, caller?: Caller): Promise<StaffRow> {
  return db.transaction(async (tx) => {
    const user = await lockForChange(tx, id, change.role !== undefined && change.role !== 'administrator');
    const fields = (Object.keys(change) as (keyof StaffUpdate)[]).filter((k) => change[k] !== user[k]);
    if (fields.length) {
      const before = Object.fromEntries(fields.map((k) => [k, user[k]]));
      const after = Object.fromEntries(fields.map((k) => [k, change[k]])) as StaffUpdate;
      await updateUser(tx, id, after);
      await auditAccount(tx, 'staff.updated', id, caller, { before, after });
    }
    return staffRow(tx, id);
  });
}

/** Ends the account's sessions (but the caller's own current one); answers the new epoch for that session. */
async function endSessions(tx: Tx, id: number, caller?: Caller): Promise<number> {
  const epoch = await revokeAccess(tx, id);
  await deleteSessionsOf(tx, id, caller?.id === id ? caller.sid : undefined);
  return epoch;
}

/** A disabled account cannot sign in, and every session it has ends at once. Nobody disables themselves. */
export async function disableStaff(db: Db, id: number, caller?: Caller): Promise<StaffRow> {
  if (caller?.id === id) throw new ActionError(STAFF_MESSAGES.disableSelf, 409);
  return db.transaction(async (tx) => {
    const user = await lockForChange(tx, id, true);
    if (!user.disabledAt) await updateUser(tx, id, { disabledAt: new Date() });
    await endSessions(tx, id);
    await auditAccount(tx, 'staff.disabled', id, caller);
    return staffRow(tx, id);
  });
}

export async function enableStaff(db: Db, id: number, caller: Caller): Promise<StaffRow> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, id))) throw new NotFoundError(STAFF_MESSAGES.notFound);
    await updateUser(tx, id, { disabledAt: null });
    await auditAccount(tx, 'staff.enabled', id, caller);
    return staffRow(tx, id);
  });
}

export async function signOutEverywhere(db: Db, id: number, caller: Caller): Promise<{ row: StaffRow; epoch: number }> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, id))) throw new NotFoundError(STAFF_MESSAGES.notFound);
    const epoch = await endSessions(tx, id, caller);
    await auditAccount(tx, 'staff.signed_out_everywhere', id, caller);
    return { row: await staffRow(tx, id), epoch };
  });
}

/**
 * Ends the account's sessions and sends it a link to choose a new password. The current password keeps
 * working until then. An account still invited gets a new invitation instead.
 */
export async function resetStaffPassword(
  db: Db,
  id: number,
  caller: Caller,
  ctx: LinkContext,
): Promise<{ link: PasswordLink; epoch: number }> {
  const { user, link, purpose, epoch } = await db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (!user) throw new NotFoundError(STAFF_MESSAGES.notFound);
    if (user.disabledAt) throw new ActionError(STAFF_MESSAGES.resetDisabled, 409);
    const purpose = (await staffRow(tx, id)).status === 'invited' ? 'invite' : 'reset';
    const epoch = await endSessions(tx, id, caller);
    await auditAccount(tx, 'staff.password_reset_issued', id, caller, { after: { purpose } });
    return { user, link: await issueLink(tx, id, purpose), purpose, epoch } as const;
  });
  ctx.log?.info({ userId: id }, 'password link sent');
  return { link: await sendLink(ctx.mailer, user, link, purpose, ctx.origin, ctx.log), epoch };
}

// The command line's side (src/server/cli/users.ts): by e-mail, with a password chosen there.

export class StaffCommandError extends Error {}

function checkedPassword(password: string, personal: string[]): string {
  const problem = passwordProblem(password, personal);
  if (problem) throw new StaffCommandError(problem);
  return password;
}

/** Creates an active account; without a password one is generated and answered, to be shown once. */
export async function createStaffWithPassword(
  db: Db,
  input: { email: string; name: string; role: RoleId; password?: string },
): Promise<{ id: number; generatedPassword?: string }> {
  const email = input.email.toLowerCase();
  const password = checkedPassword(input.password ?? generatePassword(), [email, input.name]);
  const id = await insertUser(db, {
    email,
    name: input.name,
    role: input.role,
    isRep: false,
    canForceCreate: false,
    passwordHash: await hashPassword(password),
  });
  if (!id) throw new StaffCommandError(STAFF_MESSAGES.emailTaken);
  return input.password ? { id } : { id, generatedPassword: password };
}

async function staffByEmail(db: Tx, email: string) {
  const user = await userByEmail(db, email);
  if (!user) throw new StaffCommandError(`No staff account has the e-mail ${email}.`);
  return user;
}

/** Sets the password and ends every session; without a password one is generated and answered. */
export async function setStaffPassword(
  db: Db,
  email: string,
  password?: string,
): Promise<{ generatedPassword?: string }> {
  const user = await staffByEmail(db, email);
  const chosen = checkedPassword(password ?? generatePassword(), [user.email, user.name]);
  const passwordHash = await hashPassword(chosen);
  await db.transaction(async (tx) => {
    await revokeAccess(tx, user.id, passwordHash);
    await deleteSessionsOf(tx, user.id);
  });
  return password ? {} : { generatedPassword: chosen };
}

export async function disableStaffByEmail(db: Db, email: string): Promise<void> {
  const user = await staffByEmail(db, email);
  try {
    await disableStaff(db, user.id);
  } catch (err) {
    if (err instanceof ActionError) throw new StaffCommandError(err.message);
    throw err;
  }
}
