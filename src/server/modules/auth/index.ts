import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import type { Config } from '../../config';
import type { Database } from '../../db/types';
import { loadKeyring } from '../../secrets/encryption-keys';
import { authRoutes } from './auth.routes';
import { TotpSecrets } from './totp-secret';

/** What other modules may use of sign-in: the password hashing, and the second factor's codes for its set-up. */
export { generatePassword, hashPassword, verifyPassword } from './password';
export { acceptTotpCode } from './second-factor';
export { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from './totp';
export { accountThrottle, type AccountThrottle } from './login-throttle';
export type { TotpSecrets } from './totp-secret';

/** The second factor's secrets, sealed with the keys of secrets at rest: one for the app, shared with staff. */
export async function totpSecrets(database: Database, config: Config, log: FastifyBaseLogger): Promise<TotpSecrets> {
  return new TotpSecrets(await loadKeyring(database.primary, config), log);
}

/** Signing in and out: the plugin the app registers. */
export const authModule: FastifyPluginAsync<ModuleDeps & { totp: TotpSecrets }> = async (
  app,
  { config, database, now, totp },
) => {
  await app.register(authRoutes, { db: database.db, loginRateLimit: config.LOGIN_RATE_LIMIT, now, totp });
};
