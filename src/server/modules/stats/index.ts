import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import type { StatsAnswers } from './stats.cache';
import type { ChartPictures } from './stats.pictures';
import { statsRoutes } from './stats.routes';

/** Statistics: the plugin the app registers, with the answers it keeps (writes elsewhere drop them) and its pictures. */
export const statsModule: FastifyPluginAsync<
  ModuleDeps & { answers: StatsAnswers; pictures: ChartPictures; built: Promise<void> }
> = async (app, { config, database, answers, pictures, built }) => {
  await app.register(statsRoutes, { db: database.db, timeZone: config.BUSINESS_TIMEZONE, answers, pictures, built });
};

/** The answers kept between requests: one set for the app, dropped by writes elsewhere (ADR 024). */
export { StatsAnswers } from './stats.cache';
/** The figures themselves, for the alerts and digests that mail them (ADR 059). */
export { returnRateByModel, trend, upcomingCredits, type StatsClock } from './stats.service';
export { isModelCounted } from './stats.queries';
export { kpis } from './stats.kpis';
export { rollupSums } from './stats.queries';
/** The dashboard's charts as PNG pictures, for the picture route and for messages that carry them (ADR 057). */
export { ChartPictures, type ChartPicture } from './stats.pictures';
/**
 * Installs and builds the rollup the charts read when it is missing or outdated; started once at start, and waited
 * for by the stats routes and the pictures.
 */
export { ensureRollup } from './stats.rollup';
