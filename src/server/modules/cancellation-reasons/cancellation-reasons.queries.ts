import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { cancellationReasons } from '../../db/schema';
import type { CancellationReason } from '../../../contract/cancellation-reasons';

// Written out with explicit table names: drizzle leaves columns of a single-table select unqualified,
// which inside these subqueries would resolve to the subquery's own table.
const inUse = sql<boolean>`(
  exists (select 1 from subscriptions s where s.cancellation_reason_id = cancellation_reasons.id)
  or exists (select 1 from subscription_cancellations c where c.cancellation_reason_id = cancellation_reasons.id)
)`;

/** Every reason, retired ones included, in picker order. */
export function listReasons(db: Tx): Promise<CancellationReason[]> {
  return db
    .select({
      id: cancellationReasons.id,
      name: cancellationReasons.name,
      position: cancellationReasons.position,
      active: cancellationReasons.active,
      inUse,
    })
    .from(cancellationReasons)
    .orderBy(asc(cancellationReasons.position), asc(cancellationReasons.id));
}

export async function isReasonInUse(tx: Tx, reasonId: number): Promise<boolean> {
  const [row] = await tx.select({ used: inUse }).from(cancellationReasons).where(eq(cancellationReasons.id, reasonId));
  return !!row?.used;
}

/** Locks one reason for a change to it (rename, retire, restore, delete). */
export async function lockReason(tx: Tx, reasonId: number) {
  const [row] = await tx.select().from(cancellationReasons).where(eq(cancellationReasons.id, reasonId)).for('update');
  return row;
}

/**
 * Reads a reason and keeps it from being retired or deleted until the transaction ends, so a reason picked
 * at the moment another user retires it is never recorded after the retirement.
 */
export async function shareLockReason(tx: Tx, reasonId: number) {
  const [row] = await tx.select().from(cancellationReasons).where(eq(cancellationReasons.id, reasonId)).for('share');
  return row;
}

export async function insertReason(tx: Tx, name: string, position: number) {
  const [row] = await tx.insert(cancellationReasons).values({ name, position }).returning();
  return row!;
}

export async function updateReason(tx: Tx, reasonId: number, changes: { name?: string; active?: boolean }) {
  await tx.update(cancellationReasons).set(changes).where(eq(cancellationReasons.id, reasonId));
}

export async function deleteReasonRow(tx: Tx, reasonId: number) {
  await tx.delete(cancellationReasons).where(eq(cancellationReasons.id, reasonId));
}

/** The name of a reason, retired or not; null for 0 (none) or an unknown id. */
export async function reasonName(tx: Tx, reasonId: number): Promise<string | null> {
  if (reasonId === 0) return null;
  const [row] = await tx
    .select({ name: cancellationReasons.name })
    .from(cancellationReasons)
    .where(eq(cancellationReasons.id, reasonId));
  return row?.name ?? null;
}

export async function findReasonByName(tx: Tx, name: string) {
  const [row] = await tx
    .select({ id: cancellationReasons.id })
    .from(cancellationReasons)
    .where(sql`lower(${cancellationReasons.name}) = lower(${name})`);
  return row;
}

/** Ids in picker order, for reordering. */
export async function orderedReasonIds(tx: Tx): Promise<{ id: number; position: number; name: string }[]> {
  return tx
    .select({ id: cancellationReasons.id, position: cancellationReasons.position, name: cancellationReasons.name })
    .from(cancellationReasons)
    .orderBy(asc(cancellationReasons.position), asc(cancellationReasons.id));
}

/** Writes many positions in one statement. */
export async function writePositions(tx: Tx, positions: { id: number; position: number }[]) {
  if (!positions.length) return;
  const values = sql.join(
    positions.map((p) => sql`(${p.id}::int, ${p.position}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${cancellationReasons} set position = v.position from (values ${values}) as v(id, position) where ${cancellationReasons.id} = v.id`,
  );
}

/**
 * Every change to the list (create, reorder, rename, delete) takes this transaction-scoped lock, so two staff
 * editing the list at once are applied one after the other and positions and names stay consistent.
 */
export async function lockReasonList(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cancellation_reasons'))`);
}
