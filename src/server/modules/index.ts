import type { FastifyInstance } from 'fastify';
import { publicOrigin, type Config } from '../config';
import type { Database } from '../db/client';
import { authRoutes } from './auth/auth.routes';
import { TotpSecrets } from './auth/totp-secret';
import { loadKeyring } from '../secrets/encryption-keys';
import { auditRoutes } from './audit/audit.routes';
import { backupRoutes } from './backups/backups.routes';
import { statsRoutes } from './stats/stats.routes';
import { StatsAnswers } from './stats/stats.cache';
import { deviceRoutes } from './devices/devices.routes';
import { deviceSwapRoutes } from './device-swaps/device-swaps.routes';
import { equipmentRoutes } from './equipment/equipment.routes';
import { feedbackRoutes } from './feedback/feedback.routes';
import { settingsRoutes } from './settings/settings.routes';
import { createMailer } from './mail/mailer';
import { mapsRoutes } from './maps/maps.routes';
import { MapClusters } from './maps/map-clusters';
import { prospectRoutes } from './prospects/prospects.routes';
import { customerRoutes } from './customers/customers.routes';
import { parcelRoutes } from './parcels/parcels.routes';
import { supplierRoutes } from './suppliers/suppliers.routes';
import { cancellationReasonRoutes } from './cancellation-reasons/cancellation-reasons.routes';
import { subscriptionRoutes } from './subscriptions/subscriptions.routes';
import { cancellationRoutes } from './cancellations/cancellations.routes';
import { staffRoutes } from './staff/staff.routes';
import { mfaRoutes } from './staff/mfa.routes';
import { savedViewRoutes } from './saved-views/saved-views.routes';
import { revertRoutes } from './revert/revert.routes';
import { dropStaleOnWrite } from '../http/invalidation';
import { mapEndpoints } from '../../contract/maps';
import { statsEndpoints } from '../../contract/stats';

export interface ModuleDeps {
  config: Config;
  database: Database;
  now: () => number;
}

/** Every feature module's routes. Each module is a Fastify plugin taking the same deps. */
export async function registerModules(app: FastifyInstance, { config, database, now }: ModuleDeps) {
  const db = database.db;
  const totp = new TotpSecrets(await loadKeyring(database.primary, config), app.log);
  const statsAnswers = new StatsAnswers(config.STATS_CACHE_SECONDS * 1000, now);
  const clusters = new MapClusters(app.log, now);
  app.addHook('onClose', () => clusters.close());
  // A write drops the stats answers kept (ADR 024) and marks the map indexes to rebuild on their next use (ADR 017)
  // when it changes what they are read from; other instances see it within their time to live.
  dropStaleOnWrite(app, [
    { of: Object.values(statsEndpoints), drop: (reply) => statsAnswers.written(reply) },
    { of: [mapEndpoints.customers], drop: () => clusters.invalidate('members') },
    { of: [mapEndpoints.prospects], drop: () => clusters.invalidate('visits') },
  ]);
  await app.register(authRoutes, { db, loginRateLimit: config.LOGIN_RATE_LIMIT, now, totp });
  await app.register(auditRoutes, { db, timeZone: config.BUSINESS_TIMEZONE });
  await app.register(backupRoutes, { database });
  await app.register(statsRoutes, { db, timeZone: config.BUSINESS_TIMEZONE, answers: statsAnswers });
  await app.register(deviceRoutes, { db });
  await app.register(deviceSwapRoutes, { db, timeZone: config.BUSINESS_TIMEZONE });
  await app.register(equipmentRoutes, { db });
  await app.register(feedbackRoutes, { db });
  const mailer = createMailer(db, { smtpUrl: config.SMTP_URL, defaultFrom: config.MAIL_FROM });
  await app.register(settingsRoutes, { db, mailer, timeZone: config.BUSINESS_TIMEZONE });
  await app.register(staffRoutes, { db, mailer, origin: publicOrigin(config), now });
  await app.register(mfaRoutes, { db, now, requireForAdmins: config.REQUIRE_MFA_FOR_ADMINS, totp });
  await app.register(mapsRoutes, {
    db,
    layers: database,
    clusters,
    timeZone: config.BUSINESS_TIMEZONE,
    tileUrl: config.MAP_TILE_URL ?? null,
  });
  await app.register(prospectRoutes, { db, timeZone: config.BUSINESS_TIMEZONE });
  await app.register(customerRoutes, { db });
  await app.register(parcelRoutes, { db });
  await app.register(supplierRoutes, { db });
  await app.register(cancellationReasonRoutes, { db });
  await app.register(subscriptionRoutes, { db, timeZone: config.BUSINESS_TIMEZONE });
  await app.register(cancellationRoutes, { db, timeZone: config.BUSINESS_TIMEZONE });
  await app.register(savedViewRoutes, { db });
  await app.register(revertRoutes, { db, now });
}
