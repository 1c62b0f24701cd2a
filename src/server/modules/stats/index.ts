import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import type { StatsAnswers } from './stats.cache';
import { statsRoutes } from './stats.routes';

/** Statistics: the plugin the app registers, with the answers it keeps (writes elsewhere drop them). */
export const statsModule: FastifyPluginAsync<ModuleDeps & { answers: StatsAnswers }> = async (
  app,
  { config, database, answers },
) => {
  await app.register(statsRoutes, { db: database.db, timeZone: config.BUSINESS_TIMEZONE, answers });
};

/** The answers kept between requests: one set for the app, dropped by writes elsewhere (ADR 024). */
export { StatsAnswers } from './stats.cache';
/** The figures themselves, for the alerts and digests that mail them (ADR 059). */
export { trend, type StatsClock } from './stats.service';
export { kpis } from './stats.kpis';
export { rollupSums } from './stats.queries';
export { ensureRollup } from './stats.rollup';
