import { and, eq, ilike, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { feedbackSubmissions, users } from '../../db/schema';
import type { FeedbackRow } from '../../../contract/feedback';
import { escapeLike } from '../../db/like';
import { countRows, cursorKey, inOrder, pageOfRows, pageWindow, type ListOrder } from '../../db/pages';
import type { Page, PageQuery } from '../../../contract/pagination';

export async function insertFeedback(tx: Tx, userId: number, body: string) {
  const [row] = await tx.insert(feedbackSubmissions).values({ userId, body }).returning();
  return row!;
}

const feedbackOrder: ListOrder = { key: feedbackSubmissions.createdAt, id: feedbackSubmissions.id };

/** Newest first; `q` matches anywhere in the text, case-insensitively, with wildcards taken literally. */
export async function feedbackPage(db: Tx, query: PageQuery & { q?: string }): Promise<Page<FeedbackRow>> {
  const where = query.q ? ilike(feedbackSubmissions.body, `%${escapeLike(query.q)}%`) : undefined;
  const window = pageWindow(query, feedbackOrder);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: feedbackSubmissions.id,
        body: feedbackSubmissions.body,
        userName: users.name,
        createdAt: feedbackSubmissions.createdAt,
        cursorKey: cursorKey(feedbackOrder),
      })
      .from(feedbackSubmissions)
      .leftJoin(users, eq(users.id, feedbackSubmissions.userId))
      .where(and(where, window.seek))
      .orderBy(...inOrder(feedbackOrder))
      .limit(window.limit)
      .offset(window.offset),
    countRows(
      db,
      () =>
        db
          .select({ one: sql`1` })
          .from(feedbackSubmissions)
          .where(where)
          .$dynamic(),
      query,
    ),
  ]);
  return pageOfRows(rows, ({ cursorKey: _, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() }), query, counted);
}
