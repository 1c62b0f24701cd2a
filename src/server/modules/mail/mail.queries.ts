import { count, desc } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { OutboxRow } from '../../../contract/settings';

export async function recordOutbox(
  db: Tx,
  mail: { to: string; from: string; subject: string; text: string; transport: string; messageId: string | null },
): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

export async function outboxPage(db: Tx, page: number, perPage: number): Promise<{ rows: OutboxRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        from: mailOutbox.from,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        transport: mailOutbox.transport,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(mailOutbox),
  ]);
  return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: totals?.total ?? 0 };
}
