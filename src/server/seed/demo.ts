import type { FastifyBaseLogger } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { users } from '../db/schema';
import { ROLE_IDS, type RoleId } from '../../contract/access';
import { generatePassword, hashPassword } from '../modules/auth/password';
import { generate, hasCustomers } from './generate';

export interface DemoAccount {
  role: RoleId;
  email: string;
  password: string;
}

/**
 * On an empty database (no customers), loads the demo history so every screen and chart has something to show,
 * and gives one demo staff account of each role other than Administrator a generated password, so each role
 * can be tried. Answers those accounts (empty when nothing was loaded).
 */
export async function loadDemoDataIfEmpty(db: Db, log: FastifyBaseLogger, timeZone: string): Promise<DemoAccount[]> {
  if (await hasCustomers(db)) return [];
  log.info('empty database: loading demo data');
  const { total, seconds } = await generate(db, { scale: 'demo', timeZone });
  log.info(
    { rows: total, seconds: Number(seconds.toFixed(2)) },
    `demo data loaded: ${total} rows in ${seconds.toFixed(1)} s`,
  );
  return openDemoAccounts(db);
}

async function openDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const accounts: DemoAccount[] = [];
  for (const role of ROLE_IDS.filter((r) => r !== 'administrator')) {
    const [user] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role, role))
      .orderBy(asc(users.id))
      .limit(1);
    if (!user) continue;
    const password = generatePassword();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
    accounts.push({ role, email: user.email, password });
  }
  return accounts;
}
