import { and, count, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { users } from '../../db/schema';

/** The account of a (lower-cased) e-mail, disabled or not. */
export async function findUserByEmail(db: Tx, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** Administrators who can sign in: the first start makes one when there is none. */
export async function countActiveAdministrators(db: Tx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'administrator'), isNull(users.disabledAt)));
  return row?.n ?? 0;
}

/** The first administrator; does nothing (and answers false) when the e-mail is already taken. */
export async function insertAdministrator(db: Tx, email: string, passwordHash: string): Promise<boolean> {
  const inserted = await db
    .insert(users)
    .values({
      email,
      name: 'Administrator',
      role: 'administrator',
      passwordHash,
      isRep: true,
      canForceCreate: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0;
}
