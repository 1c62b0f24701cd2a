import { eq, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { loginThrottle as t } from '../../db/schema';

// Each count is one INSERT … ON CONFLICT DO UPDATE: concurrent attempts on any instance are serialised on the row,
// so none can read a stale count and slip past.

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** Counts a hit in a fixed window opened by the first hit: the hits so far and when the window ends. */
export async function countHit(db: Tx, key: string, now: Date, windowMs: number) {
  const over = sql`${t.expiresAt} <= ${at(now)}`;
  const [row] = await db
    .insert(t)
    .values({ key, hits: 1, expiresAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`CASE WHEN ${over} THEN 1 ELSE ${t.hits} + 1 END`,
        expiresAt: sql`CASE WHEN ${over} THEN excluded.expires_at ELSE ${t.expiresAt} END`,
      },
    })
    .returning({ hits: t.hits, expiresAt: t.expiresAt });
  return row!;
}

export interface Backoff {
  /** The attempt with this count, and each later one, makes the next attempt wait. */
  from: number;
  /** The first wait; each further attempt doubles it, up to maxMs. */
  baseMs: number;
  maxMs: number;
  /** The count is forgotten this long after the last counted attempt; longer than maxMs, so waiting never resets it. */
  forgetMs: number;
}

/**
 * Counts an attempt in advance (it stays counted unless `clearThrottle` follows) and sets the wait it imposes on
 * the next one. Answers null when counted, or the time until which the key must wait (nothing is counted then).
 */
export async function countAttempt(db: Tx, key: string, now: Date, b: Backoff): Promise<Date | null> {
  const counting = sql`${t.expiresAt} > ${at(now)}`;
  // The exponent is capped so that a patient attacker's count cannot overflow power().
  const wait = sql`least(${b.baseMs}::float8 * power(2, least(${t.hits} + 1 - ${b.from}, 30)), ${b.maxMs})`;
  const counted = await db
    .insert(t)
    .values({ key, hits: 1, expiresAt: new Date(now.getTime() + b.forgetMs) })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`CASE WHEN ${counting} THEN ${t.hits} + 1 ELSE 1 END`,
        blockedUntil: sql`CASE WHEN ${counting} AND ${t.hits} + 1 >= ${b.from} THEN ${at(now)} + ${wait} * interval '1 millisecond' END`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: sql`${t.blockedUntil} IS NULL OR ${t.blockedUntil} <= ${at(now)}`,
    })
    .returning({ key: t.key });
  if (counted.length) return null;
  const [row] = await db.select({ blockedUntil: t.blockedUntil }).from(t).where(eq(t.key, key));
  // Gone in between: a right password just cleared it.
  return row?.blockedUntil ?? now;
}

export async function clearThrottle(db: Tx, key: string) {
  await db.delete(t).where(eq(t.key, key));
}

export async function deleteExpiredThrottles(db: Tx, now: Date) {
  await db.delete(t).where(lte(t.expiresAt, now));
}
