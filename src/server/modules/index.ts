import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from './module-deps';
import { auditModule } from './audit';
import { authModule, totpSecrets } from './auth';
import { backupsModule } from './backups';
import { cancellationReasonsModule } from './cancellation-reasons';
import { cancellationsModule } from './cancellations';
import { customersModule } from './customers';
import { deviceSwapsModule } from './device-swaps';
import { devicesModule } from './devices';
import { equipmentModule } from './equipment';
import { feedbackModule } from './feedback';
import { jobsModule } from './jobs';
import { createMailer } from './mail';
import { CoverageHexes, MapClusters, mapsModule } from './maps';
import { notificationsModule } from './notifications';
import { parcelsModule } from './parcels';
import { prospectsModule } from './prospects';
import { revertModule } from './revert';
import { savedViewsModule } from './saved-views';
import { settingsModule } from './settings';
import { staffModule } from './staff';
import { ChartPictures, ensureRollup, StatsAnswers, statsModule } from './stats';
import { subscriptionsModule } from './subscriptions';
import { suppliersModule } from './suppliers';
import { dropStaleOnWrite } from '../http/invalidation';
import type { BackgroundWork } from '../jobs/background-work';
import { mapEndpoints } from '../../contract/maps';
import { statsEndpoints } from '../../contract/stats';

/**
 * Every feature module, each the plugin its index.ts exports, given the same deps. The services more than one
 * module uses (or that writes elsewhere reset) are built here, once, and handed to the modules that name them.
 */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps, background: BackgroundWork) {
  const { config, database, now } = deps;
  const totp = await totpSecrets(database, config, app.log);
  const mailer = createMailer(database.db, { smtpUrl: config.SMTP_URL, defaultFrom: config.MAIL_FROM });
  const statsAnswers = new StatsAnswers(config.STATS_CACHE_SECONDS * 1000, now);
  // Building the stats rollup over years of rows can take minutes: the server starts at once, and the stats calls
  // and the pictures of charts wait for it.
  const rollupBuilt = ensureRollup(database.db, config.BUSINESS_TIMEZONE);
  rollupBuilt.catch((err: unknown) => app.log.error({ err }, 'the stats rollup could not be built'));
  const chartPictures = new ChartPictures(database.db, config.BUSINESS_TIMEZONE, now, rollupBuilt);
  const clusters = new MapClusters(app.log, now);
  const coverage = new CoverageHexes(database, config.BUSINESS_TIMEZONE, app.log, now);
  app.addHook('onClose', () => clusters.close());
  // A write drops the stats answers kept (ADR 024) and marks the map indexes to rebuild on their next use (ADR 017)
  // when it changes what they are read from (ADR 033); other instances see it within their time to live.
  dropStaleOnWrite(app, [
    { of: Object.values(statsEndpoints), drop: (reply) => statsAnswers.written(reply) },
    { of: [mapEndpoints.customers], drop: () => clusters.invalidate('members') },
    { of: [mapEndpoints.prospects], drop: () => clusters.invalidate('visits') },
    { of: [mapEndpoints.coverage], drop: () => coverage.invalidate() },
  ]);

  await app.register(authModule, { ...deps, totp });
  await app.register(auditModule, deps);
  await app.register(backupsModule, deps);
  await app.register(jobsModule, { ...deps, background });
  await app.register(statsModule, { ...deps, answers: statsAnswers, pictures: chartPictures, built: rollupBuilt });
  await app.register(devicesModule, deps);
  await app.register(deviceSwapsModule, deps);
  await app.register(equipmentModule, deps);
  await app.register(feedbackModule, deps);
  await app.register(settingsModule, { ...deps, mailer });
  await app.register(staffModule, { ...deps, mailer, totp });
  await app.register(mapsModule, { ...deps, clusters, coverage });
  await app.register(prospectsModule, deps);
  await app.register(customersModule, deps);
  await app.register(parcelsModule, deps);
  await app.register(suppliersModule, deps);
  await app.register(cancellationReasonsModule, deps);
  await app.register(subscriptionsModule, deps);
  await app.register(cancellationsModule, deps);
  await app.register(savedViewsModule, deps);
  await app.register(notificationsModule, { ...deps, background });
  await app.register(revertModule, deps);
}
