import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/types';
import type { PasswordTokenPurpose } from '../../db/schema';
import { FieldErrors } from '../../http/errors';
import { hashPassword } from '../auth';
import type { AuditOrigin } from '../audit';
import type { Mailer } from '../mail';
import { LOGIN_PAGE, SET_PASSWORD_PAGE } from '../../../contract/pages';
import { PASSWORD_LINK_HOURS, STAFF_MESSAGES, type PasswordLink } from '../../../contract/staff';
import { passwordProblem } from './password-policy';
import { auditAccount } from './staff.audit';
import {
  revokeAccess,
  deleteSessionsOf,
  expireOpenTokens,
  insertPasswordToken,
  markTokenUsed,
  tokenByHash,
} from './staff.queries';

/** Only this digest of a link's token is stored. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedLink {
  token: string;
  expiresAt: Date;
}

/** A fresh one-time link for the account; any older link of it stops working. Call inside the action's transaction. */
export async function issueLink(tx: Tx, userId: number, purpose: PasswordTokenPurpose): Promise<IssuedLink> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_HOURS * 3_600_000);
  await expireOpenTokens(tx, userId);
  await insertPasswordToken(tx, { userId, tokenHash: tokenDigest(token), purpose, expiresAt });
  return { token, expiresAt };
}

const MAIL_TEXT: Record<PasswordTokenPurpose, { subject: string; intro: string }> = {
  invite: {
    subject: 'Your Back Office account',
    intro: 'An account on the Back Office has been created for you. Choose your password with this link:',
  },
  reset: {
    subject: 'Choose a new Back Office password',
    intro: 'An Administrator has reset your Back Office password. Choose a new one with this link:',
  },
};

/**
 * E-mails the link (to the outbox when no SMTP server is set) after the change has been committed. A refused
 * e-mail does not undo the account: the Administrator is told and passes the link on.
 */
export async function sendLink(
  mailer: Mailer,
  to: { email: string; name: string },
  link: IssuedLink,
  purpose: PasswordTokenPurpose,
  origin: string,
  log?: FastifyBaseLogger,
): Promise<PasswordLink> {
  const url = `${origin}${SET_PASSWORD_PAGE}?token=${link.token}`;
  const { subject, intro } = MAIL_TEXT[purpose];
  const text = [
    `Hello ${to.name},`,
    '',
    intro,
    '',
    url,
    '',
    `The link works once, until ${link.expiresAt.toUTCString()}. Then sign in at ${origin}${LOGIN_PAGE} with ${to.email}.`,
  ].join('\n');
  let mailed = true;
  try {
    await mailer.send({ to: to.email, subject, text }, log);
  } catch (err) {
    mailed = false;
    log?.warn({ err, to: to.email }, 'password link e-mail refused');
  }
  return { url, expiresAt: link.expiresAt.toISOString(), mailed };
}

/** The link's token and account, or the field error that says why it no longer works. */
async function usableToken(db: Tx, token: string, lock = false) {
  const row = await tokenByHash(db, tokenDigest(token), { lock });
  const refuse = (message: string) => new FieldErrors({ token: [message] });
  if (!row) throw refuse(STAFF_MESSAGES.linkInvalid);
  if (row.usedAt) throw refuse(STAFF_MESSAGES.linkUsed);
  if (row.expiresAt.getTime() <= Date.now()) throw refuse(STAFF_MESSAGES.linkExpired);
  if (row.disabledAt) throw refuse(STAFF_MESSAGES.accountDisabled);
  return row;
}

export async function checkLink(db: Db, token: string) {
  const { email, name, purpose } = await usableToken(db, token);
  return { email, name, purpose };
}

/**
 * Sets the password through a link: the link is used up, every session of the account ends, and the person
 * signs in with the new password. The token is checked again under a lock, so a link works exactly once.
 * The audit entry is the account's own, from where the link was opened.
 */
export async function setPasswordWithLink(
  db: Db,
  token: string,
  password: string,
  origin: AuditOrigin,
): Promise<number> {
  const found = await usableToken(db, token);
  const problem = passwordProblem(password, [found.email, found.name]);
  if (problem) throw new FieldErrors({ password: [problem] });
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await usableToken(tx, token, true);
    await revokeAccess(tx, row.userId, passwordHash);
    await markTokenUsed(tx, row.id);
    await deleteSessionsOf(tx, row.userId);
    const actor = { id: row.userId, ...origin };
    await auditAccount(tx, 'account.password_set', row.userId, actor, { after: { purpose: row.purpose } });
    return row.userId;
  });
}
