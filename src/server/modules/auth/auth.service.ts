import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { CurrentUser } from '../../../contract/auth';
import { generatePassword, hashPassword, verifyPassword } from './password';

// Compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
const dummyHash = hashPassword('not-a-real-password');

export async function authenticate(db: Db, email: string, password: string): Promise<CurrentUser | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !ok || user.disabledAt) return null;
  const { id, name, role, isRep, canForceCreate } = user;
  return { id, email: user.email, name, role, isRep, canForceCreate };
}

/**
 * First start: creates the admin account. Returns the generated password when none was configured,
 * so it can be printed once; null when an account already existed.
 */
export async function ensureAdmin(
  db: Db,
  email: string,
  password: string | undefined,
): Promise<{ email: string; generatedPassword?: string } | null> {
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (n > 0) return null;
  const chosen = password ?? generatePassword();
  await db
    .insert(users)
    .values({
      email: email.toLowerCase(),
      name: 'Administrator',
      role: 'administrator',
      passwordHash: await hashPassword(chosen),
      isRep: true,
      canForceCreate: true,
    })
    .onConflictDoNothing();
  return password ? { email } : { email, generatedPassword: chosen };
}
