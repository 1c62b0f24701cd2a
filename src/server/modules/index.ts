import type { FastifyInstance } from 'fastify';
import type { Access } from '../../contract/access';
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
import { createMailer } from './mail';
import { MapClusters, mapsModule } from './maps';
import { parcelsModule } from './parcels';
import { prospectsModule } from './prospects';
import { revertModule } from './revert';
import { savedViewsModule } from './saved-views';
import { settingsModule } from './settings';
import { staffModule } from './staff';
import { StatsAnswers, statsModule } from './stats';
import { subscriptionsModule } from './subscriptions';
import { suppliersModule } from './suppliers';

/** Writes under these declarations change staff accounts and sessions, never the data the charts read. */
const ACCOUNT_ACCESS = new Set<Access>(['public', 'signed-in', 'staff.manage']);

/**
 * Every feature module, each the plugin its index.ts exports, given the same deps. The services more than one
 * module uses (or that writes elsewhere reset) are built here, once, and handed to the modules that name them.
 */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  const { config, database, now } = deps;
  const totp = await totpSecrets(database, config, app.log);
  const mailer = createMailer(database.db, { smtpUrl: config.SMTP_URL, defaultFrom: config.MAIL_FROM });
  const statsAnswers = new StatsAnswers(config.STATS_CACHE_SECONDS * 1000, now);
  const clusters = new MapClusters(app.log, now);
  app.addHook('onClose', () => clusters.close());
  // A write here drops the stats answers kept (ADR 024), and one that may add, move or remove map points rebuilds
  // the affected indexes on their next use; other instances see it within their time to live (ADR 017). Before
  // the answer leaves, so that the writer's next read finds them gone.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    const url = request.routeOptions.url ?? '';
    if (!url) return payload;
    if (!ACCOUNT_ACCESS.has(request.routeOptions.config.access ?? 'public')) statsAnswers.written(reply);
    if (url.includes('prospects')) clusters.invalidate('visits');
    if (/customers|subscriptions|cancellations|devices|equipment/.test(url)) clusters.invalidate('members');
    return payload;
  });

  await app.register(authModule, { ...deps, totp });
  await app.register(auditModule, deps);
  await app.register(backupsModule, deps);
  await app.register(statsModule, { ...deps, answers: statsAnswers });
  await app.register(devicesModule, deps);
  await app.register(deviceSwapsModule, deps);
  await app.register(equipmentModule, deps);
  await app.register(feedbackModule, deps);
  await app.register(settingsModule, { ...deps, mailer });
  await app.register(staffModule, { ...deps, mailer, totp });
  await app.register(mapsModule, { ...deps, clusters });
  await app.register(prospectsModule, deps);
  await app.register(customersModule, deps);
  await app.register(parcelsModule, deps);
  await app.register(suppliersModule, deps);
  await app.register(cancellationReasonsModule, deps);
  await app.register(subscriptionsModule, deps);
  await app.register(cancellationsModule, deps);
  await app.register(savedViewsModule, deps);
  await app.register(revertModule, deps);
}
