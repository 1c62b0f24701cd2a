import { sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { carriers, deviceStatuses, prospectActions, returnReasons, topographies } from '../db/schema';
import { CARRIERS, DEVICE_STATUSES, PROSPECT_ACTIONS, RETURN_REASONS, TOPOGRAPHIES } from '../../contract/business';

/** Fixed lists the code relies on by id. Idempotent: run at every start, before anything else. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(carriers)
      .values(CARRIERS.map((c) => ({ ...c })))
      .onConflictDoUpdate({
        target: carriers.id,
        set: { name: sql`excluded.name`, seriesKey: sql`excluded.series_key`, color: sql`excluded.color` },
      });
    await tx
      .insert(deviceStatuses)
      .values(DEVICE_STATUSES.map((s) => ({ ...s })))
      .onConflictDoUpdate({ target: deviceStatuses.id, set: { description: sql`excluded.description` } });
    await tx
      .insert(prospectActions)
      .values(PROSPECT_ACTIONS.map((a) => ({ ...a })))
      .onConflictDoUpdate({
        target: prospectActions.id,
        set: {
          parentId: sql`excluded.parent_id`,
          description: sql`excluded.description`,
          position: sql`excluded.position`,
        },
      });
    await tx
      .insert(topographies)
      .values(TOPOGRAPHIES.map((t) => ({ ...t })))
      .onConflictDoUpdate({
        target: topographies.id,
        set: { name: sql`excluded.name`, isOther: sql`excluded.is_other`, position: sql`excluded.position` },
      });
    await tx
      .insert(returnReasons)
      .values(RETURN_REASONS.map((r) => ({ ...r })))
      .onConflictDoNothing();
  });
  // Reference rows use explicit ids; move the serial past them so later inserts never collide.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('return_reasons', 'id'), greatest((select max(id) from return_reasons), 1))`,
  );
}
