import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import type { Mailer } from '../mail';
import { settingsRoutes } from './settings.routes';

/** What other modules may use of settings: reading and saving the lookup e-mail (a revert saves through it). */
export { getLookupEmailSettings, saveLookupEmailSettings } from './settings.service';

/** Settings: the plugin the app registers. */
export const settingsModule: FastifyPluginAsync<ModuleDeps & { mailer: Mailer }> = async (
  app,
  { config, database, mailer },
) => {
  await app.register(settingsRoutes, { db: database.db, mailer, timeZone: config.BUSINESS_TIMEZONE });
};
