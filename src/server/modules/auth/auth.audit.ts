import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { originOf, recordAudit } from '../audit';
import { findUserByEmail } from './auth.queries';

/** Sign-ins and sign-outs in the audit log (ADR 012), written on the account with the request's origin. */
const record = (db: Db, request: FastifyRequest, action: 'auth.signed_in' | 'auth.signed_out', userId: number) =>
  recordAudit(db, { ...originOf(request), userId, action, entityType: 'user', entityId: userId });

export const recordSignIn = (db: Db, request: FastifyRequest, userId: number) =>
  record(db, request, 'auth.signed_in', userId);

export const recordSignOut = (db: Db, request: FastifyRequest, userId: number) =>
  record(db, request, 'auth.signed_out', userId);

/** A refused sign-in: the e-mail as typed (never the password), on its account when one has that e-mail. */
export async function recordSignInFailure(db: Db, request: FastifyRequest, email: string): Promise<void> {
  const account = await findUserByEmail(db, email.toLowerCase());
  const accountId = account?.id ?? null;
  await recordAudit(db, {
    ...originOf(request),
    userId: accountId,
    action: 'auth.sign_in_failed',
    entityType: 'user',
    entityId: accountId,
    after: { email },
  });
}
