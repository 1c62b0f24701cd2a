import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT, TOTP_ISSUER } from '../../../contract/mfa';

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps (ADR 014). */
const PERIOD_S = 30;

/** A new random secret, 160 bits as RFC 4226 recommends, in base32 for the apps. */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// address an app scans to add the account. */
export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/** The step a 6-digit code belongs to, allowing one step either side of now for a phone's clock drift; or null. */
export async function totpStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: Math.floor(nowMs / 1000), epochTolerance: PERIOD_S });
  // The functional API types TOTP and HOTP results as one; a TOTP match carries its step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// Letters and digits without look-alikes (0/o, 1/l/i), so a code copied by hand is read back right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A set of fresh one-time recovery codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    codes.add(`${chars.slice(0, 5)}-${chars.slice(5)}`);
  }
  return [...codes];
}

/** What is stored of a recovery code (as the contract parses it: lower case, with its dash). */
export const recoveryCodeHash = (code: string): string => createHash('sha256').update(code).digest('hex');
