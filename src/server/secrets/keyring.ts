import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets sealed at rest with AES-256-GCM (ADR 030). A sealed value is `v1.<key id>.<base64url(iv ‖ ciphertext ‖
 * tag)>`: the key id names the key that sealed it, so several keys can be read during a rotation, and `v1` lets a
 * later format stand beside this one. The context (e.g. `totp:42`) is authenticated with it, so a value copied to
 * another row does not open.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
// 32 bytes are 43 characters of base64 (or base64url), with one '=' of padding or none.
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** A key as ENCRYPTION_KEY spells it (32 bytes as hex or base64), or null when it is not one. */
export function decodeKey(text: string): Buffer | null {
  if (HEX_KEY.test(text)) return Buffer.from(text, 'hex');
  if (BASE64_KEY.test(text)) return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return null;
}

/** A name for a key that tells nothing of it: 8 hex digits of an HMAC made with the key itself. */
export const keyIdOf = (key: Buffer): string =>
  createHmac('sha256', key).update('back-office key id').digest('hex').slice(0, 8);

/** The key id of a sealed value, or null when it is not one. */
export function sealedKeyId(sealed: string): string | null {
  const [version, keyId] = sealed.split('.');
  return version === VERSION && keyId && /^[0-9a-f]{8}$/.test(keyId) ? keyId : null;
}

/** A sealed value this server cannot open: sealed with a key it does not have, or altered. */
export class UnreadableSecretError extends Error {
  constructor(
    readonly reason: 'unknown key' | 'damaged',
    readonly keyId: string | null,
  ) {
    super(
      reason === 'unknown key'
        ? `sealed with key ${keyId}, which this server does not have`
        : `sealed value damaged or not made for this record (key ${keyId ?? 'unknown'})`,
    );
  }
}

/** The current key, which seals, and the keys that only open (a previous key during a rotation). */
export class Keyring {
  readonly currentId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(current: Buffer, openOnly: Buffer[] = []) {
    for (const key of [current, ...openOnly]) {
      if (key.length !== KEY_BYTES) throw new Error(`an encryption key must be ${KEY_BYTES} bytes`);
      if (!this.keys.has(keyIdOf(key))) this.keys.set(keyIdOf(key), key);
    }
    this.currentId = keyIdOf(current);
  }

  /** Whether this keyring can open what the key with this id sealed. */
  has = (keyId: string): boolean => this.keys.has(keyId);

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${this.currentId}.${body.toString('base64url')}`;
  }

  /** The plaintext of a sealed value; UnreadableSecretError when it cannot be opened here. */
  open(sealed: string, context: string): string {
    const keyId = sealedKeyId(sealed);
    const key = keyId && this.keys.get(keyId);
    if (!key) throw new UnreadableSecretError(keyId ? 'unknown key' : 'damaged', keyId);
    const body = Buffer.from(sealed.slice(VERSION.length + keyId.length + 2), 'base64url');
    if (body.length < IV_BYTES + TAG_BYTES) throw new UnreadableSecretError('damaged', keyId);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new UnreadableSecretError('damaged', keyId);
    }
  }
}
