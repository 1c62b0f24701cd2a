import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { OutboxRow } from '../../../contract/settings';
import { countRows, cursorKey, newestFirst, pageOfRows, pageWindow, type ListOrder } from '../../db/pages';
import type { Page, PageQuery } from '../../../contract/pagination';

export async function recordOutbox(
  db: Tx,
  mail: { to: string; from: string; subject: string; text: string; transport: string; messageId: string | null },
): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

const outboxOrder: ListOrder = { key: mailOutbox.createdAt, id: mailOutbox.id };

export async function outboxPage(db: Tx, query: PageQuery): Promise<Page<OutboxRow>> {
  const window = pageWindow(query, outboxOrder);
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
        cursorKey: cursorKey(outboxOrder),
      })
      .from(mailOutbox)
      .where(window.seek)
      .orderBy(...newestFirst(outboxOrder))
      .limit(window.limit)
      .offset(window.offset),
    countRows(
      db,
      () =>
        db
          .select({ one: sql`1` })
          .from(mailOutbox)
          .$dynamic(),
      !!query.exact,
    ),
  ]);
  return pageOfRows(rows, ({ cursorKey: _, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() }), query, counted);
}
