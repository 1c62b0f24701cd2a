import type { Db } from '../../db/types';
import type { CurrentUser } from '../../../contract/auth';
import { countActiveAdministrators, findUserByEmail, insertAdministrator } from './auth.queries';
import { generatePassword, hashPassword, verifyPassword } from './password';

// Compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
const dummyHash = hashPassword('not-a-real-password');

export async function authenticate(db: Db, email: string, password: string): Promise<CurrentUser | null> {
  const user = await findUserByEmail(db, email.toLowerCase());
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !ok || user.disabledAt) return null;
  const { id, name, role, isRep, canForceCreate } = user;
  return { id, email: user.email, name, role, isRep, canForceCreate };
}

/**
 * First start: creates the admin account when no Administrator can sign in. Returns the generated password when
 * none was configured, so it can be printed once; null when an Administrator exists.
 */
export async function ensureAdmin(
  db: Db,
  email: string,
  password: string | undefined,
): Promise<{ email: string; generatedPassword?: string } | null> {
  // Other accounts (the seed's field reps) do not count: without an Administrator nobody could manage staff.
  if ((await countActiveAdministrators(db)) > 0) return null;
  const chosen = password ?? generatePassword();
  if (!(await insertAdministrator(db, email.toLowerCase(), await hashPassword(chosen))))
    throw new Error(
      `No Administrator exists and ADMIN_EMAIL (${email}) belongs to another account. Set ADMIN_EMAIL to a new address, or run: npm run users -- create <email> --role administrator`,
    );
  return password ? { email } : { email, generatedPassword: chosen };
}
