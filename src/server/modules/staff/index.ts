import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { publicOrigin } from '../../config';
import type { TotpSecrets } from '../auth';
import type { Mailer } from '../mail';
import { mfaRoutes } from './mfa.routes';
import { staffRoutes } from './staff.routes';

/** Staff accounts and each user's own second factor: the plugin the app registers. */
export const staffModule: FastifyPluginAsync<ModuleDeps & { mailer: Mailer; totp: TotpSecrets }> = async (
  app,
  { config, database, now, mailer, totp },
) => {
  const db = database.db;
  await app.register(staffRoutes, { db, mailer, origin: publicOrigin(config), now });
  await app.register(mfaRoutes, { db, now, requireForAdmins: config.REQUIRE_MFA_FOR_ADMINS, totp });
};
