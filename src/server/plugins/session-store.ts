import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/types';
import { sessions } from '../db/schema';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, result?: Session | null) => void;

/** @fastify/session store on the sessions table, so sessions survive a restart and expire when idle. */
export class PgSessionStore implements SessionStore {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly idleMs: number,
  ) {}

  set(sid: string, session: Session, callback: Callback): void {
    const expiresAt = new Date(Date.now() + this.idleMs);
    const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    this.db
      .insert(sessions)
      .values({ sid, data, expiresAt })
      .onConflictDoUpdate({ target: sessions.sid, set: { data, expiresAt } })
      .then(() => this.sweep())
      .then(() => callback(), callback);
  }

  get(sid: string, callback: GetCallback): void {
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(
        ([row]) => callback(null, row && row.expiresAt > new Date() ? (row.data as Session) : null),
        (err: unknown) => callback(err),
      );
  }

  destroy(sid: string, callback: Callback): void {
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
