import { sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { settings } from '../db/schema';

/**
 * Claims a due time of a schedule for this instance: one conditional upsert of the schedule's row in `settings`
 * (`job_schedule:<name>`, `{"due": ISO instant}`), which moves the due time forward only. Of instances claiming the
 * same due time at once, exactly one gets true; an instance whose clock is behind cannot claim a time already
 * claimed. It works alike on PGlite and PostgreSQL, and through PgBouncer in transaction pooling, which a session
 * lock would not.
 */
export async function claimDue(db: Db, name: string, due: Date): Promise<boolean> {
  const iso = due.toISOString();
  const rows = await db
    .insert(settings)
    .values({ key: `job_schedule:${name}`, value: { due: iso } })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: { due: iso }, updatedAt: sql`now()` },
      setWhere: sql`(${settings.value}->>'due')::timestamptz < ${iso}::timestamptz`,
    })
    .returning({ key: settings.key });
  return rows.length > 0;
}
