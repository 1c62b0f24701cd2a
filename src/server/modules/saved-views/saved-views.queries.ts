import { and, asc, count, eq } from 'drizzle-orm';
import { SAVED_VIEWS_FULL_MESSAGE, SAVED_VIEWS_MAX, type SavedView } from '../../../contract/saved-views';
import type { Db } from '../../db/types';
import { savedViews } from '../../db/schema';
import { FieldErrors } from '../../http/errors';

const asView = (row: typeof savedViews.$inferSelect): SavedView => ({
  id: row.id,
  list: row.list as SavedView['list'],
  name: row.name,
  search: row.search,
  createdAt: row.createdAt.toISOString(),
});

const ofList = (userId: number, list: string) => and(eq(savedViews.userId, userId), eq(savedViews.list, list));

export async function listViews(db: Db, userId: number, list: string): Promise<SavedView[]> {
  return (await db.select().from(savedViews).where(ofList(userId, list)).orderBy(asc(savedViews.name))).map(asView);
}

/** Saves a view under its name, replacing the same name's; a new name counts against SAVED_VIEWS_MAX. */
export function saveView(
  db: Db,
  userId: number,
  view: Pick<SavedView, 'list' | 'name' | 'search'>,
): Promise<SavedView> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(and(ofList(userId, view.list), eq(savedViews.name, view.name)));
    if (!existing) {
      const [{ n }] = (await tx.select({ n: count() }).from(savedViews).where(ofList(userId, view.list))) as [
        { n: number },
      ];
      if (n >= SAVED_VIEWS_MAX) throw new FieldErrors({ name: [SAVED_VIEWS_FULL_MESSAGE] });
    }
    const [row] = await tx
      .insert(savedViews)
      .values({ userId, ...view })
      .onConflictDoUpdate({
        target: [savedViews.userId, savedViews.list, savedViews.name],
        set: { search: view.search },
      })
      .returning();
    return asView(row!);
  });
}

/** Deletes one of the user's views; false when they have none with that id. */
export async function removeView(db: Db, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning({ id: savedViews.id });
  return gone.length > 0;
}
