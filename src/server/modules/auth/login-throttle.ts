import type { Db } from '../../db/client';
import { clearThrottle, countAttempt, countHit, deleteExpiredThrottles, type Backoff } from './login-throttle.queries';

/**
 * Sign-in throttling (ADR 003), counted in the database so every instance sees the same attempts.
 *
 * - Per client address: at most `perMinute` attempts a minute, whatever the account (stops spraying).
 * - Per (address, e-mail) pair: after 5 failures the next attempt waits 1 minute, and each further failure doubles
 *   the wait (2, 4, 8, then 10 minutes at most); a success, or 15 minutes without an attempt, forgets them. Keyed
 *   by the pair, not the account alone, so an attacker cannot lock the real user out from another address.
 *
 * Both checks run before the account is looked up and key on the e-mail as typed, so a refusal costs the same
 * whether the account exists or not.
 */
const ADDRESS_WINDOW_MS = 60_000;
const PAIR_BACKOFF: Backoff = { from: 5, baseMs: 60_000, maxMs: 10 * 60_000, forgetMs: 15 * 60_000 };
const SWEEP_EVERY_MS = 60_000;

export interface LoginThrottle {
  /** Counts a sign-in attempt: null when it may go ahead, else the seconds to wait (for Retry-After). */
  admit(address: string, email: string): Promise<number | null>;
  /** A right password forgets the pair's attempts. */
  succeeded(address: string, email: string): Promise<void>;
}

export function loginThrottle(db: Db, { perMinute, now }: { perMinute: number; now: () => number }): LoginThrottle {
  let lastSweep = 0;
  const pairKey = (address: string, email: string) => `pair:${address}/${email.toLowerCase()}`;
  const secondsUntil = (until: Date, from: Date) => Math.max(1, Math.ceil((until.getTime() - from.getTime()) / 1000));

  return {
    async admit(address, email) {
      const at = new Date(now());
      if (at.getTime() - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = at.getTime();
        await deleteExpiredThrottles(db, at);
      }
      const window = await countHit(db, `address:${address}`, at, ADDRESS_WINDOW_MS);
      if (window.hits > perMinute) return secondsUntil(window.expiresAt, at);
      const blockedUntil = await countAttempt(db, pairKey(address, email), at, PAIR_BACKOFF);
      return blockedUntil && secondsUntil(blockedUntil, at);
    },
    succeeded: (address, email) => clearThrottle(db, pairKey(address, email)),
  };
}
