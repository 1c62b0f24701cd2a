import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link stops: one alert rule's e-mails or one digest, for the person it was mailed to. */
export interface UnsubscribeClaim {
  kind: 'alert' | 'digest';
  /** The rule's or the digest's id. */
  id: number;
  /** Whom the e-mail was sent to. */
  userId: number;
  /** Expiry, ms since the epoch. */
  exp: number;
}

/** A link works for 90 days: long enough for an old e-mail, short enough that a leaked one dies. */
export const UNSUBSCRIBE_TOKEN_DAYS = 90;

const keyOf = (secret: string) => createHmac('sha256', secret).update('unsubscribe-links').digest();
const mac = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest();

/** `<payload>.<signature>`, both base64url: the link's claim, signed with a key derived from the app's secret. */
export function signUnsubscribe(secret: string, claim: Omit<UnsubscribeClaim, 'exp'>, now: number): string {
  const full: UnsubscribeClaim = { ...claim, exp: now + UNSUBSCRIBE_TOKEN_DAYS * 86_400_000 };
  const payload = Buffer.from(JSON.stringify([full.kind, full.id, full.userId, full.exp])).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claim of a token this app signed and that has not expired; null for anything else. */
export function verifyUnsubscribe(secret: string, token: string, now: number): UnsubscribeClaim | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || payload.length > 200) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [kind, id, userId, exp] = parsed as unknown[];
  if ((kind !== 'alert' && kind !== 'digest') || ![id, userId, exp].every(Number.isSafeInteger)) return null;
  const claim = { kind, id, userId, exp } as UnsubscribeClaim;
  return claim.exp > now ? claim : null;
}
