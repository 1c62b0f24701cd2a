import type { Db } from '../../db/types';
import { recordAudit } from '../audit';
import { insertFeedback } from './feedback.queries';

export function submitFeedback(db: Db, userId: number, body: string) {
  return db.transaction(async (tx) => {
    const row = await insertFeedback(tx, userId, body);
    await recordAudit(tx, {
      userId,
      action: 'feedback.submitted',
      entityType: 'feedback_submission',
      entityId: row.id,
      after: { body },
    });
    return row;
  });
}
