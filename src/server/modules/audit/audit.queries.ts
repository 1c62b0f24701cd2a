import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

/** The latest 200 entries of one record with the name of who made each, newest first. */
export function auditEntriesOf(db: Db, entityType: string, entityId: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      userName: users.name,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(200);
}
