import { sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { settings } from '../db/schema';

/**
 * Claims a business day of a daily job for this instance: one conditional upsert of the job's row in `settings`
 * (`daily_job:<name>`, `{"day": "YYYY-MM-DD"}`), which moves the day forward only. Of instances claiming the same
 * day at once, exactly one gets true; an instance whose clock is behind cannot claim a day already run. It works
 * alike on PGlite and PostgreSQL, and through PgBouncer in transaction pooling, which a session lock would not.
 */
export async function claimDay(db: Db, name: string, day: string): Promise<boolean> {
  const rows = await db
    .insert(settings)
    .values({ key: `daily_job:${name}`, value: { day } })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: { day }, updatedAt: sql`now()` },
      setWhere: sql`(${settings.value}->>'day')::date < ${day}::date`,
    })
    .returning({ key: settings.key });
  return rows.length > 0;
}
