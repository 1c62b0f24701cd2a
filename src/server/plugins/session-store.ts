import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { currentUserColumns, sessions, users } from '../db/schema';
import type { CurrentUser } from '../../contract/auth';

/** The account a session names, as the guard judges it (plugins/access.ts). */
export interface SessionAccount extends CurrentUser {
  sessionEpoch: number;
  /** Two-factor sign-in is on (ADR 014). */
  secondFactor: boolean;
}

declare module 'fastify' {
  interface Session {
    /**
     * The session's account read with the session itself, in the same statement: null when the account is gone or
     * disabled. This request's only: never stored, always read afresh.
     */
    account?: SessionAccount | null;
  }
}

const accountOf = ({
  totpEnabledAt,
  ...account
}: Omit<SessionAccount, 'secondFactor'> & { totpEnabledAt: Date | null }) => ({
  ...account,
  secondFactor: totpEnabledAt !== null,
});

type Callback = (err?: unknown) => void;

interface SessionRead {
  data: unknown;
  expiresAt: Date;
  account: (Omit<SessionAccount, 'secondFactor'> & { totpEnabledAt: Date | null }) | null;
}

/** The session a stored row holds, a copy of its own for the request (the library changes it), or null once expired. */
function sessionOf(row: SessionRead, now: number): Session | null {
  if (row.expiresAt.getTime() <= now) return null;
  return { ...structuredClone(row.data as Session), account: row.account && accountOf(row.account) };
}
type GetCallback = (err: unknown, result?: Session | null) => void;

/**
 * @fastify/session store on the sessions table, so sessions survive a restart and expire when idle. Reading a
 * session reads its account too (ADR 042): one round trip to the database per signed-in request, not two, and none
 * for a read request within `cacheMs` of the last read of the same session on this instance (ADR 064).
 */
export class PgSessionStore implements SessionStore {
  private lastSweep = 0;
  /** Sessions as last read, by id, with when the copy stops counting. */
  private readonly recent = new Map<string, { row: SessionRead; until: number }>();
  /**
   * The read every signed-in request makes, built once: building it was most of Drizzle's share of a call. Unnamed
   * (''), so PostgreSQL parses it each time, as PgBouncer in transaction pooling needs.
   */
  private readonly read;

  constructor(
    private readonly db: Db,
    private readonly idleMs: number,
    private readonly cacheMs = 0,
  ) {
    this.read = db
      .select({
        data: sessions.data,
        expiresAt: sessions.expiresAt,
        account: { ...currentUserColumns, sessionEpoch: users.sessionEpoch, totpEnabledAt: users.totpEnabledAt },
      })
      .from(sessions)
      .leftJoin(users, and(eq(users.id, sql`(${sessions.data}->>'userId')::int`), isNull(users.disabledAt)))
      .where(eq(sessions.sid, sql.placeholder('sid')))
      .prepare('');
  }

  set(sid: string, session: Session, callback: Callback): void {
    this.recent.delete(sid);
    const expiresAt = new Date(Date.now() + this.idleMs);
    const { account: _readWithIt, ...data } = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    this.db
      .insert(sessions)
      .values({ sid, data, expiresAt })
      .onConflictDoUpdate({ target: sessions.sid, set: { data, expiresAt } })
      .then(() => this.sweep())
      .then(() => callback(), callback);
  }

  get(sid: string, callback: GetCallback): void {
    const now = Date.now();
    const recent = this.recent.get(sid);
    if (recent && recent.until > now) return callback(null, sessionOf(recent.row, now));
    this.read.execute({ sid }).then(([row]) => {
      if (row && this.cacheMs > 0) this.remember(sid, row, now);
      callback(null, row ? sessionOf(row, Date.now()) : null);
    }, callback);
  }

  /** The next read of this session, whatever asks it, goes to the database. */
  forget(sid: string): void {
    this.recent.delete(sid);
  }

  /** Every session is read from the database again: an account may have changed. */
  forgetAll(): void {
    this.recent.clear();
  }

  private remember(sid: string, row: SessionRead, now: number) {
    // Copies past their time are dropped as the map grows, so it holds about the sessions of the last moment.
    if (this.recent.size >= 10_000)
      for (const [key, { until }] of this.recent) if (until <= now) this.recent.delete(key);
    if (this.recent.size < 10_000) this.recent.set(sid, { row, until: now + this.cacheMs });
  }

  destroy(sid: string, callback: Callback): void {
    this.recent.delete(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }

  /** Expired rows are removed at most once a minute, piggy-backed on writes. */
  private async sweep() {
    if (Date.now() - this.lastSweep < 60_000) return;
    this.lastSweep = Date.now();
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  }
}
