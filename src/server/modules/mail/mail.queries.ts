import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { mailOutbox } from '../../db/schema';
import type { OutboxRow } from '../../../contract/settings';
import { listSpec, readPage, sortOrder, type ListOrder } from '../../db/pages';
import type { Page, PageQuery } from '../../../contract/pagination';

export async function recordOutbox(
  db: Tx,
  mail: {
    to: string;
    from: string;
    subject: string;
    text: string;
    transport: string;
    messageId: string | null;
    idempotencyKey?: string | null;
  },
): Promise<void> {
  // Two runs of one job sending the same e-mail at once: the second record is the one left out.
  await db.insert(mailOutbox).values(mail).onConflictDoNothing();
}

/** The message id of the e-mail sent under a key (null when the transport gave none); undefined when none was. */
export async function sentUnder(db: Tx, key: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ messageId: mailOutbox.messageId })
    .from(mailOutbox)
    .where(eq(mailOutbox.idempotencyKey, key));
  return row ? row.messageId : undefined;
}

const outboxOrder = (sort: 'createdAt' | '-createdAt'): ListOrder =>
  sortOrder(sort, { createdAt: { key: mailOutbox.createdAt } }, mailOutbox.id);

export function outboxPage(db: Tx, query: PageQuery & { sort: 'createdAt' | '-createdAt' }): Promise<Page<OutboxRow>> {
  const list = listSpec({
    order: outboxOrder(query.sort),
    where: undefined,
    rows: (extras) =>
      db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          from: mailOutbox.from,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          transport: mailOutbox.transport,
          createdAt: mailOutbox.createdAt,
          ...extras,
        })
        .from(mailOutbox)
        .$dynamic(),
    count: mailOutbox,
    toRow: (r): OutboxRow => ({ ...r, createdAt: r.createdAt.toISOString() }),
  });
  return readPage(db, list, query);
}
