import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/types';
import { LOGIN_PAGE } from '../../../contract/pages';
import { isTotpCode } from '../../../contract/mfa';
import { claimTotpStep, useRecoveryCode } from './second-factor.queries';
import { recoveryCodeHash, totpStep } from './totp';

export type CodeCheck = 'accepted' | 'wrong' | 'replayed';

/** Checks a 6-digit code against a secret and, when right, uses up its step, so the same code cannot pass twice. */
export async function acceptTotpCode(
  db: Tx,
  userId: number,
  secret: string,
  code: string,
  nowMs: number,
): Promise<CodeCheck> {
  const step = await totpStep(secret, code, nowMs);
  if (step === null) return 'wrong';
  return (await claimTotpStep(db, userId, step)) ? 'accepted' : 'replayed';
}

/**
 * The sign-in's second step: a current code of the app, or an unused recovery code (which this uses up). The
 * secret is needed for a code of the app only: a recovery code works even when the secret cannot be opened.
 */
export async function checkSecondFactor(
  db: Tx,
  account: { id: number; totpSecret: string | null },
  code: string,
  nowMs: number,
): Promise<CodeCheck> {
  if (isTotpCode(code))
    return account.totpSecret === null ? 'wrong' : acceptTotpCode(db, account.id, account.totpSecret, code, nowMs);
  const used = await useRecoveryCode(db, account.id, recoveryCodeHash(code), new Date(nowMs));
  return used ? 'accepted' : 'wrong';
}

/**
 * Who passed the password step, kept for 5 minutes in a signed, httpOnly cookie of its own (like the CSRF cookie):
 * no session exists before the second step. The epoch ties it to the password: a change or reset voids it.
 */
const FIRST_STEP_COOKIE = 'bo_mfa';
const FIRST_STEP_MS = 5 * 60_000;
const cookieOptions = { path: LOGIN_PAGE, httpOnly: true, sameSite: 'strict', secure: 'auto' } as const;

export interface FirstStep {
  userId: number;
  epoch: number;
}

export function rememberFirstStep(reply: FastifyReply, { userId, epoch }: FirstStep, nowMs: number): void {
  reply.setCookie(FIRST_STEP_COOKIE, `${userId}.${epoch}.${nowMs}`, {
    ...cookieOptions,
    signed: true,
    maxAge: FIRST_STEP_MS / 1000,
  });
}

/** The first step this browser passed, if its cookie is genuine and at most 5 minutes old (by the server's clock). */
export function firstStepOf(request: FastifyRequest, nowMs: number): FirstStep | null {
  const raw = request.cookies[FIRST_STEP_COOKIE];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  const parts = valid && value ? /^(\d{1,10})\.(\d{1,10})\.(\d{1,16})$/.exec(value) : null;
  if (!parts) return null;
  const age = nowMs - Number(parts[3]);
  if (age < 0 || age > FIRST_STEP_MS) return null;
  return { userId: Number(parts[1]), epoch: Number(parts[2]) };
}

export const forgetFirstStep = (reply: FastifyReply): void => {
  reply.clearCookie(FIRST_STEP_COOKIE, cookieOptions);
};
