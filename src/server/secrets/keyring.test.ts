import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { decodeKey, Keyring, keyIdOf, sealedKeyId, UnreadableSecretError } from './keyring';

const key = () => randomBytes(32);

function refusal(run: () => unknown): UnreadableSecretError {
  try {
    run();
  } catch (err) {
    if (err instanceof UnreadableSecretError) return err;
    throw err;
  }
  throw new Error('opened');
}

describe('sealing a secret', () => {
  it('opens what it sealed, names the key in a v1 prefix, and never seals the same text alike twice', () => {
    const k = key();
    const ring = new Keyring(k);
    const a = ring.seal('JBSWY3DPEHPK3PXP', 'users.totp_secret:1');
    const b = ring.seal('JBSWY3DPEHPK3PXP', 'users.totp_secret:1');
    expect(a).toMatch(new RegExp(`^v1\\.${keyIdOf(k)}\\.[A-Za-z0-9_-]+$`));
    expect(sealedKeyId(a)).toBe(ring.currentId);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(ring.open(a, 'users.totp_secret:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(ring.open(b, 'users.totp_secret:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value sealed for another record, altered, cut short or not sealed at all', () => {
    const ring = new Keyring(key());
    const sealed = ring.seal('JBSWY3DPEHPK3PXP', 'users.totp_secret:1');
    expect(refusal(() => ring.open(sealed, 'users.totp_secret:2')).reason).toBe('damaged');
    const body = sealed.slice(sealed.lastIndexOf('.') + 1);
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(refusal(() => ring.open(sealed.replace(body, flipped), 'users.totp_secret:1')).reason).toBe('damaged');
    expect(refusal(() => ring.open(sealed.slice(0, 30), 'users.totp_secret:1')).reason).toBe('damaged');
    expect(refusal(() => ring.open('JBSWY3DPEHPK3PXP', 'users.totp_secret:1')).reason).toBe('damaged');
  });

  it('refuses a value sealed with a key it does not have, naming that key', () => {
    const other = new Keyring(key());
    const sealed = other.seal('JBSWY3DPEHPK3PXP', 'users.totp_secret:1');
    const err = refusal(() => new Keyring(key()).open(sealed, 'users.totp_secret:1'));
    expect(err).toMatchObject({ reason: 'unknown key', keyId: other.currentId });
    expect(err.message).toContain(other.currentId);
  });

  it('opens with a previous key and seals only with the current one', () => {
    const [oldKey, newKey] = [key(), key()];
    const sealedBefore = new Keyring(oldKey).seal('JBSWY3DPEHPK3PXP', 'users.totp_secret:1');
    const ring = new Keyring(newKey, [oldKey]);
    expect(ring.open(sealedBefore, 'users.totp_secret:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(sealedKeyId(ring.seal('JBSWY3DPEHPK3PXP', 'users.totp_secret:1'))).toBe(keyIdOf(newKey));
    expect(ring.has(keyIdOf(oldKey))).toBe(true);
  });
});

describe('ENCRYPTION_KEY', () => {
  it('takes 32 bytes as hex, base64 or base64url, with or without padding', () => {
    const k = key();
    for (const text of [
      k.toString('hex'),
      k.toString('hex').toUpperCase(),
      k.toString('base64'),
      k.toString('base64').replace(/=$/, ''),
      k.toString('base64url'),
    ])
      expect(decodeKey(text)?.equals(k), text).toBe(true);
    expect(loadConfig({ ENCRYPTION_KEY: k.toString('base64') }).ENCRYPTION_KEY).toBe(k.toString('base64'));
  });

  it('refuses at start a key of another length or spelling, naming the variable', () => {
    for (const text of [
      randomBytes(16).toString('hex'),
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      'correct horse battery staple and some more words',
      `${key().toString('hex').slice(0, 63)}g`,
    ]) {
      expect(decodeKey(text), text).toBeNull();
      expect(() => loadConfig({ ENCRYPTION_KEY: text }), text).toThrow(/ENCRYPTION_KEY: 32 random bytes/);
      expect(() => loadConfig({ ENCRYPTION_KEY_PREVIOUS: text }), text).toThrow(/ENCRYPTION_KEY_PREVIOUS/);
    }
  });
});
