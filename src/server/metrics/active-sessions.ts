import { countDistinct, count, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { sessions } from '../db/schema';

export interface SessionCounts {
  /** Sessions not yet expired (a row is written at sign-in, deleted at sign-out). */
  sessions: number;
  /** Staff members holding at least one of them. */
  staff: number;
}

/** The counts are read again at most this often, however many scrapers ask. */
export const READ_EVERY_MS = 5_000;
/** A scrape waits this long for a read; past it, the last counts are served and the read finishes on its own. */
export const WAIT_MS = 1_000;

/**
 * The sessions of staff signed in, for a graph: read from the sessions table at most every READ_EVERY_MS, one read
 * at a time, so several scrapers (or one scraping often) cost one small indexed count every few seconds. A scrape
 * never waits long on a busy database: it gets the last counts instead (none before the first read ends).
 */
export class ActiveSessions {
  private counts: SessionCounts | null = null;
  private readAt = -Infinity;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly read: () => Promise<SessionCounts>,
    private readonly now: () => number = () => performance.now(),
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  async current(): Promise<SessionCounts | null> {
    if (!this.reading && this.now() - this.readAt >= READ_EVERY_MS) {
      this.reading = this.read().then(
        (counts) => void (this.counts = counts),
        (err: unknown) => this.onError(err),
      );
      void this.reading.finally(() => {
        this.readAt = this.now();
        this.reading = null;
      });
    }
    if (this.reading) await waitAtMost(this.reading, WAIT_MS);
    return this.counts;
  }
}

async function waitAtMost(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** One count over the sessions table's expiry index. */
export async function readSessionCounts(db: Db): Promise<SessionCounts> {
  const [row] = await db
    .select({ sessions: count(), staff: countDistinct(sql`${sessions.data}->>'userId'`) })
    .from(sessions)
    .where(gt(sessions.expiresAt, new Date()));
  return { sessions: row?.sessions ?? 0, staff: row?.staff ?? 0 };
}
