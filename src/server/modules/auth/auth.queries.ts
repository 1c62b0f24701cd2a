import { count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';

/** The account of a (lower-cased) e-mail, disabled or not. */
export async function findUserByEmail(db: Tx, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function countUsers(db: Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** The first administrator; does nothing when the e-mail is already taken. */
export async function insertAdministrator(db: Tx, email: string, passwordHash: string) {
  await db
    .insert(users)
    .values({
      email,
      name: 'Administrator',
      role: 'administrator',
      passwordHash,
      isRep: true,
      canForceCreate: true,
    })
    .onConflictDoNothing();
}
