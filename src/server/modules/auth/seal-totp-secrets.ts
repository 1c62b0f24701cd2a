import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/types';
import { UnreadableSecretError, type Keyring } from '../../secrets/keyring';
import { replaceTotpSecret, totpSecretsToSeal } from './second-factor.queries';
import { openTotpSecret, sealTotpSecret } from './totp-secret';

export interface SealingResult {
  /** Secrets found in clear (left by release 1.0.0) and sealed. */
  sealed: number;
  /** Secrets sealed with another key (ENCRYPTION_KEY_PREVIOUS, or the key kept in the database) sealed anew. */
  resealed: number;
}

/**
 * Run at every start, under the bootstrap lock (ADR 030): seals the TOTP secrets still in clear, enabled or
 * pending, and seals again with the current key those sealed with another. Each row is replaced only if it is
 * still as read, so a 1.0.0 instance writing beside this one loses nothing; running it again changes nothing.
 * A secret sealed with a key this server lacks stops the start, naming the key: an instance that cannot read
 * the secrets must not serve. A damaged one is logged and left; its owner signs in with a recovery code.
 */
export async function sealTotpSecrets(db: Tx, keyring: Keyring, log: FastifyBaseLogger): Promise<SealingResult> {
  const result: SealingResult = { sealed: 0, resealed: 0 };
  const missingKeys = new Map<string, string[]>();
  for (const row of await totpSecretsToSeal(db, keyring.currentId)) {
    let secret: string;
    try {
      secret = openTotpSecret(row, keyring)!;
    } catch (err) {
      if (!(err instanceof UnreadableSecretError)) throw err;
      if (err.reason === 'unknown key' && err.keyId)
        missingKeys.set(err.keyId, [...(missingKeys.get(err.keyId) ?? []), row.email]);
      else log.error({ userId: row.id, keyId: err.keyId }, 'TOTP secret damaged: left as it is (reset-two-factor)');
      continue;
    }
    if (await replaceTotpSecret(db, row, sealTotpSecret(keyring, row.id, secret)))
      result[row.totpSecret !== null ? 'sealed' : 'resealed'] += 1;
  }
  if (missingKeys.size) {
    const found = [...missingKeys].map(([id, emails]) => `key ${id}: ${emails.join(', ')}`).join('; ');
    throw new Error(
      `Invalid configuration:\n  ENCRYPTION_KEY: the TOTP secrets of these accounts are sealed with a key this ` +
        `server does not have (${found}). Set ENCRYPTION_KEY or ENCRYPTION_KEY_PREVIOUS to that key; if it is ` +
        `lost, turn their two-factor sign-in off with npm run users -- reset-two-factor <email> (ADR 030)`,
    );
  }
  log.info({ keyId: keyring.currentId, ...result }, 'TOTP secrets sealed with the current key');
  return result;
}
