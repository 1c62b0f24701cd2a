import { eq, ilike } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { feedbackSubmissions, users } from '../../db/schema';
import type { FeedbackRow } from '../../../contract/feedback';
import { escapeLike } from '../../db/like';
import { listSpec, readPage, type ListOrder } from '../../db/pages';
import type { Page, PageQuery } from '../../../contract/pagination';

export async function insertFeedback(tx: Tx, userId: number, body: string) {
  const [row] = await tx.insert(feedbackSubmissions).values({ userId, body }).returning();
  return row!;
}

const feedbackOrder: ListOrder = { key: feedbackSubmissions.createdAt, id: feedbackSubmissions.id };

/** Newest first; `q` matches anywhere in the text, case-insensitively, with wildcards taken literally. */
export function feedbackPage(db: Tx, query: PageQuery & { q?: string }): Promise<Page<FeedbackRow>> {
  const where = query.q ? ilike(feedbackSubmissions.body, `%${escapeLike(query.q)}%`) : undefined;
  const list = listSpec({
    searched: !!query.q,
    order: feedbackOrder,
    where,
    rows: (extras) =>
      db
        .select({
          id: feedbackSubmissions.id,
          body: feedbackSubmissions.body,
          userName: users.name,
          createdAt: feedbackSubmissions.createdAt,
          ...extras,
        })
        .from(feedbackSubmissions)
        .leftJoin(users, eq(users.id, feedbackSubmissions.userId))
        .$dynamic(),
    count: feedbackSubmissions,
    toRow: (r): FeedbackRow => ({ ...r, createdAt: r.createdAt.toISOString() }),
  });
  return readPage(db, list, query);
}
