import { z } from './zod';
import { endpoint } from './endpoint';
import { STAFF_MESSAGES } from './staff';
import { text } from './primitives';

/**
 * The optional second factor (ADR 014): a TOTP app (30-second, 6-digit codes) with one-time recovery codes, set up
 * on the account page and asked for at sign-in after the password.
 */

export const RECOVERY_CODE_COUNT = 10;
/** What authenticator apps show as the account's issuer. */
export const TOTP_ISSUER = 'Back Office';

export const MFA_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  signInCodeFormat: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeWrong: 'This code is not correct. Check the time on your phone and try the current code.',
  codeReplayed: 'This code has just been used. Wait for the next one.',
  signInExpired: 'Your sign-in has expired. Enter your e-mail and password again.',
  alreadyEnabled: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notStarted: 'Start setting up two-factor sign-in again: there is no set-up waiting for a code.',
  notEnabled: 'Two-factor sign-in is not on.',
  setupRequired: 'Set up two-factor sign-in on your account page first.',
  secretUnreadable:
    'Codes from your app cannot be checked right now. Use a recovery code, or try again later; if this goes on, tell an Administrator.',
} as const;

const TOTP = /^[0-9]{6}$/;
/** Ten letters and digits, shown as two groups of five (`k7m2p-x9q4r`); the dash is optional when typed. */
const RECOVERY = /^([a-z0-9]{5})-?([a-z0-9]{5})$/;

/** Spaces are how apps group a code ("123 456"): they are dropped, as is the case of a recovery code. */
const code = ({ recovery }: { recovery: boolean }) =>
  text({ label: 'code', max: 20 }).transform((value, ctx) => {
    const compact = value.replace(/\s+/g, '').toLowerCase();
    if (TOTP.test(compact)) return compact;
    const groups = recovery ? RECOVERY.exec(compact) : null;
    if (groups) return `${groups[1]}-${groups[2]}`;
    ctx.addIssue({ code: 'custom', message: recovery ? MFA_MESSAGES.signInCodeFormat : MFA_MESSAGES.codeFormat });
    return z.NEVER;
  });

/** A current code of the app, as set-up asks for it. */
export const totpCode = () => code({ recovery: false });
/** The sign-in's second step: a code of the app, or a recovery code (always `xxxxx-xxxxx` once parsed). */
export const signInCode = () => code({ recovery: true });
export const isTotpCode = (value: string) => TOTP.test(value);

const currentPassword = z
  .string({ error: 'The current password field is required.' })
  .min(1, 'The current password field is required.')
  .max(200, STAFF_MESSAGES.currentPasswordWrong);

/** Turning the second factor off, or replacing the recovery codes, asks for the password again. */
export const mfaPasswordBody = z.strictObject({ currentPassword });
export type MfaPasswordBody = z.input<typeof mfaPasswordBody>;

export const mfaConfirmBody = z.strictObject({ code: totpCode() });
export type MfaConfirmBody = z.input<typeof mfaConfirmBody>;

export const mfaStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes. */
  recoveryCodesLeft: z.number(),
  /** REQUIRE_MFA_FOR_ADMINS applies to this user and they have not set it up: everything else answers 403. */
  setupRequired: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

export const mfaSetup = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  uri: z.string(),
});
export type MfaSetup = z.infer<typeof mfaSetup>;

/** Shown once; only their hashes are kept. */
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });

export const mfaEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/admin/api/account/two-factor',
    response: mfaStatus,
    access: 'signed-in',
    reads: ['two-factor'],
    summary: "Whether the signed-in user's two-factor sign-in is on, and how many recovery codes are left.",
  }),
  start: endpoint({
    method: 'POST',
    path: '/admin/api/account/two-factor/setup',
    response: mfaSetup,
    access: 'signed-in',
    changes: ['two-factor'],
    summary: 'Starts setting up two-factor sign-in: a new secret, in force once a code from it is confirmed.',
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/admin/api/account/two-factor/confirm',
    body: mfaConfirmBody,
    response: recoveryCodesAnswer,
    access: 'signed-in',
    changes: ['two-factor', 'audit'],
    summary: `Turns two-factor sign-in on with a current code; answers ${RECOVERY_CODE_COUNT} recovery codes, once.`,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/admin/api/account/two-factor/disable',
    body: mfaPasswordBody,
    access: 'signed-in',
    changes: ['two-factor', 'sessions', 'audit'],
    summary: 'Turns two-factor sign-in off (password required): this session stays, every other one ends.',
  }),
  recoveryCodes: endpoint({
    method: 'POST',
    path: '/admin/api/account/two-factor/recovery-codes',
    body: mfaPasswordBody,
    response: recoveryCodesAnswer,
    access: 'signed-in',
    changes: ['two-factor', 'audit'],
    summary: `Replaces the recovery codes (password required) with ${RECOVERY_CODE_COUNT} new ones, shown once.`,
  }),
};
