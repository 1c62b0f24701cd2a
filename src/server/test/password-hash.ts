import { hashPassword } from '../modules/auth/password';

/**
 * scrypt at the production cost takes a tenth of a second on purpose, and a sign-in verifies at the cost stored
 * with the hash: staff that tests make get a cheap one, hashed once per distinct password, so their hundreds of
 * sign-ins are cheap too. Passwords set through the app are hashed at the production cost, which password.test.ts
 * holds.
 */
const TEST_COST = 2 ** 10;

const hashes = new Map<string, Promise<string>>();

export function testPasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password, TEST_COST);
    hashes.set(password, hash);
  }
  return hash;
}
