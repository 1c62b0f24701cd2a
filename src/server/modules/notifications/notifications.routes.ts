import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { can } from '../../../contract/access';
import { notificationEndpoints as endpoints } from '../../../contract/notifications';
import { digestSubscriptions } from '../../db/schema';
import { NotFoundError } from '../../http/errors';
import { route } from '../../http/route';
import { originOf, recordAudit } from '../audit';
import { lastDigestDue } from './digests';
import type { NotificationDeps } from './notification-deps';
import { asDigest, digestOf, possibleRecipients, rulesFor } from './notifications.queries';

/** A person's alerts and digest as the page shows them (ADR 059), and their digest to set or end. */
export const notificationRoutes: FastifyPluginAsync<Pick<NotificationDeps, 'db' | 'timeZone' | 'now'>> = async (
  app,
  { db, timeZone, now },
) => {
  const isAdministrator = (user: { role: Parameters<typeof can>[0] }) => can(user.role, 'staff.manage');

  route(app, endpoints.settings, async ({ user }) => {
    const digest = await digestOf(db, user.id);
    return {
      timeZone,
      rules: await rulesFor(db, user, now()),
      digest: digest ? asDigest(digest, now(), timeZone) : null,
      staff: isAdministrator(user) ? await possibleRecipients(db) : [],
    };
  });

  route(app, endpoints.saveDigest, async ({ user, body, request }) => {
    const at = now();
    const row = await db.transaction(async (tx) => {
      const before = await digestOf(tx, user.id);
      const schedule = { cadence: body.cadence, weekday: body.weekday, hour: body.hour };
      const [saved] = await tx
        .insert(digestSubscriptions)
        .values({ userId: user.id, ...schedule, charts: body.charts, lastDueAt: lastDigestDue(schedule, at, timeZone) })
        .onConflictDoUpdate({
          target: digestSubscriptions.userId,
          // A new time counts from now: the first e-mail is its next due time, never one already past.
          set: { ...schedule, charts: body.charts, lastDueAt: lastDigestDue(schedule, at, timeZone), lastError: null },
        })
        .returning();
      await recordAudit(tx, {
        userId: user.id,
        ...originOf(request),
        action: 'digest.saved',
        entityType: 'digest',
        entityId: saved!.id,
        before: before
          ? { cadence: before.cadence, weekday: before.weekday, hour: before.hour, charts: before.charts }
          : null,
        after: body,
      });
      return saved!;
    });
    return asDigest(row, at, timeZone);
  });

  route(app, endpoints.removeDigest, async ({ user, request }) => {
    await db.transaction(async (tx) => {
      const gone = await tx.delete(digestSubscriptions).where(eq(digestSubscriptions.userId, user.id)).returning();
      if (!gone.length) throw new NotFoundError('You have no digest.');
      await recordAudit(tx, {
        userId: user.id,
        ...originOf(request),
        action: 'digest.ended',
        entityType: 'digest',
        entityId: gone[0]!.id,
        before: { cadence: gone[0]!.cadence, hour: gone[0]!.hour },
      });
    });
  });
};
