import type { FastifyBaseLogger } from 'fastify';
import { MFA_MESSAGES } from '../../../contract/mfa';
import { ActionError } from '../../http/errors';
import { UnreadableSecretError, type Keyring } from '../../secrets/keyring';

/**
 * Where a TOTP secret is kept (ADR 030): sealed in `totp_secret_sealed`, or, left by release 1.0.0, in clear in
 * `totp_secret`. This release writes only the sealed column, and clears the clear one in the same statement.
 */
export interface StoredTotpSecret {
  id: number;
  totpSecret: string | null;
  totpSecretSealed: string | null;
}

/** Sealed for its account's row: a sealed value copied onto another account does not open. */
const contextOf = (userId: number) => `users.totp_secret:${userId}`;

export const sealTotpSecret = (keyring: Keyring, userId: number, secret: string): string =>
  keyring.seal(secret, contextOf(userId));

export const hasTotpSecret = (row: StoredTotpSecret): boolean =>
  row.totpSecret !== null || row.totpSecretSealed !== null;

/**
 * The secret in clear, or null when there is none. A secret in clear wins: this release clears that column
 * whenever it seals, so one found there was written later, by a 1.0.0 instance serving beside this one (a set-up
 * started again there). Throws UnreadableSecretError when the sealed one cannot be opened with these keys.
 */
export function openTotpSecret(row: StoredTotpSecret, keyring: Keyring): string | null {
  if (row.totpSecret !== null) return row.totpSecret;
  return row.totpSecretSealed === null ? null : keyring.open(row.totpSecretSealed, contextOf(row.id));
}

/** The secrets as requests use them: sealed with the current key, opened with any key of the keyring. */
export class TotpSecrets {
  constructor(
    private readonly keyring: Keyring,
    private readonly log: FastifyBaseLogger,
  ) {}

  seal = (userId: number, secret: string): string => sealTotpSecret(this.keyring, userId, secret);

  /**
   * The secret to check a code against. One this server cannot open (a key it lacks, a damaged value) refuses the
   * code with 503 and a message, and is logged for the operator; it never lets a code through.
   */
  forCheck(row: StoredTotpSecret): string | null {
    try {
      return openTotpSecret(row, this.keyring);
    } catch (err) {
      if (!(err instanceof UnreadableSecretError)) throw err;
      this.log.error({ userId: row.id, keyId: err.keyId, reason: err.reason }, 'TOTP secret cannot be opened');
      throw new ActionError(MFA_MESSAGES.secretUnreadable, 503);
    }
  }
}
