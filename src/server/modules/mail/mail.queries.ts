import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { OutboxRow } from '../../../contract/settings';
import { countRows, cursorKey, inOrder, pageOfRows, pageWindow, sortOrder, type ListOrder } from '../../db/pages';
import type { Page, PageQuery } from '../../../contract/pagination';

export async function recordOutbox(
  db: Tx,
  mail: { to: string; from: string; subject: string; text: string; transport: string; messageId: string | null },
): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

const outboxOrder = (sort: 'createdAt' | '-createdAt'): ListOrder =>
  sortOrder(sort, { createdAt: { key: mailOutbox.createdAt } }, mailOutbox.id);

export async function outboxPage(
  db: Tx,
  query: PageQuery & { sort: 'createdAt' | '-createdAt' },
): Promise<Page<OutboxRow>> {
  const order = outboxOrder(query.sort);
  const window = pageWindow(query, order);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        from: mailOutbox.from,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        transport: mailOutbox.transport,
        createdAt: mailOutbox.createdAt,
        cursorKey: cursorKey(order),
      })
      .from(mailOutbox)
      .where(window.seek)
      .orderBy(...inOrder(order))
      .limit(window.limit)
      .offset(window.offset),
    countRows(
      db,
      () =>
        db
          .select({ one: sql`1` })
          .from(mailOutbox)
          .$dynamic(),
      query,
    ),
  ]);
  return pageOfRows(rows, ({ cursorKey: _, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() }), query, counted);
}
