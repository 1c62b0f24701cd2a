import type { FastifyInstance } from 'fastify';
import { publicOrigin, type Config } from '../config';
import type { Access } from '../../contract/access';
import type { Database } from '../db/types';
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

/** Writes under these declarations change staff accounts and sessions, never the data the charts read. */
const ACCOUNT_ACCESS = new Set<Access>(['public', 'signed-in', 'staff.manage']);

export interface ModuleDeps {
  config: Config;
  database: Database;
  now: () => number;
}

/** Every feature module's routes. Each module is a Fastify plugin taking the same deps. */
export async function registerModules(app: FastifyInstance, { config, database, now }: ModuleDeps) {
  const db = database.db;
  const totp = new TotpSecrets(await loadKeyring(database.primary, config), app.log);
  await app.register(authRoutes, { db, loginRateLimit: config.LOGIN_RATE_LIMIT, now, totp });
  await app.register(auditRoutes, { db, timeZone: config.BUSINESS_TIMEZONE });
  await app.register(backupRoutes, { database });
  const statsAnswers = new StatsAnswers(config.STATS_CACHE_SECONDS * 1000, now);
  await app.register(statsRoutes, { db, timeZone: config.BUSINESS_TIMEZONE, answers: statsAnswers });
  await app.register(deviceRoutes, { db });
  await app.register(deviceSwapRoutes, { db, timeZone: config.BUSINESS_TIMEZONE });
  await app.register(equipmentRoutes, { db });
  await app.register(feedbackRoutes, { db });
  const mailer = createMailer(db, { smtpUrl: config.SMTP_URL, defaultFrom: config.MAIL_FROM });
  await app.register(settingsRoutes, { db, mailer, timeZone: config.BUSINESS_TIMEZONE });
  await app.register(staffRoutes, { db, mailer, origin: publicOrigin(config), now });
  await app.register(mfaRoutes, { db, now, requireForAdmins: config.REQUIRE_MFA_FOR_ADMINS, totp });
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
