import type { FastifyPluginAsync } from 'fastify';
import type { BackgroundWork } from '../../jobs/background-work';
import type { ModuleDeps } from '../module-deps';
import { jobRoutes } from './jobs.routes';

/** The Jobs page's calls: background work's runs, and running one again. */
export const jobsModule: FastifyPluginAsync<ModuleDeps & { background: BackgroundWork }> = async (
  app,
  { background, config },
) => {
  await app.register(jobRoutes, { background, timeZone: config.BUSINESS_TIMEZONE });
};
