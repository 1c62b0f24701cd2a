import { count, desc, eq, ilike } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { feedbackSubmissions, users } from '../../db/schema';
import type { FeedbackRow } from '../../../contract/feedback';
import { escapeLike } from '../../db/like';

export async function insertFeedback(tx: Tx, userId: number, body: string) {
  const [row] = await tx.insert(feedbackSubmissions).values({ userId, body }).returning();
  return row!;
}

/** Newest first; `q` matches anywhere in the text, case-insensitively, with wildcards taken literally. */
export async function feedbackPage(db: Tx, { page, perPage, q }: { page: number; perPage: number; q?: string }) {
  const where = q ? ilike(feedbackSubmissions.body, `%${escapeLike(q)}%`) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: feedbackSubmissions.id,
        body: feedbackSubmissions.body,
        userName: users.name,
        createdAt: feedbackSubmissions.createdAt,
      })
      .from(feedbackSubmissions)
      .leftJoin(users, eq(users.id, feedbackSubmissions.userId))
      .where(where)
      .orderBy(desc(feedbackSubmissions.createdAt), desc(feedbackSubmissions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(feedbackSubmissions).where(where),
  ]);
  const out: FeedbackRow[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { rows: out, total: totals?.total ?? 0 };
}
