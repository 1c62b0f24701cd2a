import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import type { Db, Tx } from '../db/types';
import { ActionError, FieldErrors } from './errors';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_REUSED_MESSAGE, isIdempotencyKey } from '../../contract/idempotency';

/** How long an answer is kept for a retry (ADR 045): a phone may stay offline for days with a visit in its outbox. */
export const IDEMPOTENCY_KEEP_DAYS = 8;

/** The body as JSON with its keys sorted: the same request sent again with its keys in another order is the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * Runs a create that a client may send again (ADR 045). Without an `Idempotency-Key` header it is just run. With
 * one, the key is claimed for the user in the create's own transaction before the create runs, and its answer kept
 * there: the same key sent again (a retry whose first answer was lost, a phone's outbox replayed) gets that answer
 * and creates nothing; sent at the same time, it waits for the first one's transaction; with another body or to
 * another call it is refused (422). A create that fails keeps nothing, so a corrected body may use the key again.
 */
export async function once<T>(
  db: Db,
  request: FastifyRequest,
  userId: number,
  create: (tx: Tx) => Promise<T>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return create(db);
  if (typeof header !== 'string' || !isIdempotencyKey(header))
    throw new FieldErrors({ 'Idempotency-Key': [IDEMPOTENCY_KEY_MESSAGE] });
  const call = `${request.method} ${request.routeOptions.url}`;
  const bodyHash = createHash('sha256').update(canonical(request.body)).digest('base64url');
  const answer = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key: header, request: call, bodyHash, response: sql`'null'::jsonb` })
      .onConflictDoNothing()
      .returning({ userId: idempotencyKeys.userId });
    if (!claimed) return { replayed: true as const };
    const created = await create(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: sql`${JSON.stringify(created)}::jsonb` })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header)));
    return { replayed: false as const, created };
  });
  if (!answer.replayed) return answer.created;
  const [kept] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header)));
  if (!kept || kept.request !== call || kept.bodyHash !== bodyHash) throw new ActionError(IDEMPOTENCY_REUSED_MESSAGE);
  request.log.info({ call }, 'create answered again for its idempotency key');
  return kept.response as T;
}

/** The daily purge of answers kept longer than IDEMPOTENCY_KEEP_DAYS. */
export const idempotencyPurgeJob =
  (db: Db, now: () => number = Date.now) =>
  async (): Promise<{ deleted: number }> => {
    const gone = await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now() - IDEMPOTENCY_KEEP_DAYS * 86_400_000)))
      .returning({ key: idempotencyKeys.key });
    return { deleted: gone.length };
  };
