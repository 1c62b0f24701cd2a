import type { Db } from '../../db/types';
import { TooManyAttemptsError } from '../../http/errors';
import { TOO_MANY_CHECKS_MESSAGE } from '../../../contract/errors';
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

const secondsUntil = (until: Date, from: Date) => Math.max(1, Math.ceil((until.getTime() - from.getTime()) / 1000));

export interface LoginThrottle {
  /** Counts a sign-in attempt: null when it may go ahead, else the seconds to wait (for Retry-After). */
  admit(address: string, email: string): Promise<number | null>;
  /** A right password forgets the pair's attempts. */
  succeeded(address: string, email: string): Promise<void>;
}

export function loginThrottle(db: Db, { perMinute, now }: { perMinute: number; now: () => number }): LoginThrottle {
  let lastSweep = 0;
  const pairKey = (address: string, email: string) => `pair:${address}/${email.toLowerCase()}`;

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

/**
 * Checks of one account's secrets, whatever the address or session they come from:
 * - `password`: the current password asked again by the account page (password change, turning two-factor off,
 *   new recovery codes), so a stolen session cannot guess it; 5 wrong, then the same doubling waits as sign-in.
 *   Counted before the check, so 32 guesses at once cost 5 password hashes, not 32.
 * - `code`: second-step and set-up codes; after 10 wrong ones the account's codes wait 15 minutes, from any
 *   address, and the sign-in in progress must start again with the password.
 * A right answer forgets the count.
 */
export type AccountSecret = 'password' | 'code';
const ACCOUNT_BACKOFF: Record<AccountSecret, Backoff> = {
  password: PAIR_BACKOFF,
  code: { from: 10, baseMs: 15 * 60_000, maxMs: 15 * 60_000, forgetMs: 30 * 60_000 },
};

export interface AccountThrottle {
  /**
   * Runs one check of the account's secret, counted first: refused with TooManyAttemptsError (429) while the
   * account waits; a result that `right` accepts forgets the count.
   */
  check<T>(secret: AccountSecret, userId: number, run: () => Promise<T>, right: (result: T) => boolean): Promise<T>;
}

export function accountThrottle(db: Db, now: () => number): AccountThrottle {
  return {
    async check(secret, userId, run, right) {
      const key = `account:${userId}/${secret}`;
      const at = new Date(now());
      const blockedUntil = await countAttempt(db, key, at, ACCOUNT_BACKOFF[secret]);
      if (blockedUntil) throw new TooManyAttemptsError(TOO_MANY_CHECKS_MESSAGE, secondsUntil(blockedUntil, at));
      const result = await run();
      if (right(result)) await clearThrottle(db, key);
      return result;
    },
  };
}
