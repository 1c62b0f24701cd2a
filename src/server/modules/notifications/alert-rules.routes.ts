import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { can } from '../../../contract/access';
import type { CurrentUser } from '../../../contract/auth';
import {
  notificationEndpoints as endpoints,
  parseAlertMetric,
  RULE_NOT_FOUND_MESSAGE,
  SNOOZE_CHOICES,
} from '../../../contract/notifications';
import { alertRules } from '../../db/schema';
import type { Db } from '../../db/types';
import { FieldErrors, ForbiddenError, NotFoundError } from '../../http/errors';
import { route } from '../../http/route';
import type { JobQueue } from '../../jobs/job-queue';
import { originOf, recordAudit } from '../audit';
import { isModelCounted } from '../stats';
import { ALERT_CHECKS_JOB } from './job-names';
import type { NotificationDeps } from './notification-deps';
import { asRules, assertRoomForRule, countRules, eventsOf, possibleRecipients, ruleOf } from './notifications.queries';

/** A model's returns are watched only for a model the chart can count, spelled as it shows it (ADR 061). */
async function assertFigureExists(db: Db, metric: string) {
  const parsed = parseAlertMetric(metric);
  if (parsed?.kind === 'returns-by-model' && !(await isModelCounted(db, parsed.model)))
    throw new FieldErrors({ metric: [`There is no model named '${parsed.model}'.`] });
}

/** Alert rules (ADR 059): a person's own to make, snooze and end; rules that mail others are the Administrators'. */
export const alertRuleRoutes: FastifyPluginAsync<
  Pick<NotificationDeps, 'db' | 'now'> & { queue: Pick<JobQueue, 'send'> }
> = async (app, { db, now, queue }) => {
  /** Besides the owner: only an Administrator's rule mails others, and only staff who may see the dashboard. */
  const recipientsFor = async (user: CurrentUser, asked: number[]) => {
    const ids = [...new Set(asked)].filter((id) => id !== user.id);
    if (!ids.length) return ids;
    if (!can(user.role, 'staff.manage'))
      throw new ForbiddenError('Only Administrators may make rules that mail others.');
    const allowed = new Set((await possibleRecipients(db)).map((p) => p.id));
    if (ids.some((id) => !allowed.has(id)))
      throw new FieldErrors({ recipientIds: ['Choose staff who may see the dashboard.'] });
    return ids;
  };

  route(app, endpoints.createRule, async ({ user, body, request, reply }) => {
    await assertFigureExists(db, body.metric);
    const recipientIds = await recipientsFor(user, body.recipientIds);
    const rule = await db.transaction(async (tx) => {
      assertRoomForRule(await countRules(tx, user.id));
      const [row] = await tx
        .insert(alertRules)
        .values({ ownerId: user.id, ...body, recipientIds, nextCheckAt: new Date(now()) })
        .returning();
      await recordAudit(tx, {
        userId: user.id,
        ...originOf(request),
        action: 'alert_rule.created',
        entityType: 'alert_rule',
        entityId: row!.id,
        after: { ...body, recipientIds },
      });
      return row!;
    });
    // Its first check runs now rather than at the next hour: the person sees at once whether it holds.
    await queue.send(ALERT_CHECKS_JOB).catch((err: unknown) => request.log.warn({ err }, 'alert check not queued'));
    reply.code(201);
    return (await asRules(db, [rule], now()))[0]!;
  });

  route(app, endpoints.removeRule, async ({ user, params, request }) => {
    await db.transaction(async (tx) => {
      const rule = await ruleOf(tx, user, params.id);
      if (!rule) throw new NotFoundError(RULE_NOT_FOUND_MESSAGE);
      await tx.delete(alertRules).where(eq(alertRules.id, rule.id));
      await recordAudit(tx, {
        userId: user.id,
        ...originOf(request),
        action: 'alert_rule.deleted',
        entityType: 'alert_rule',
        entityId: rule.id,
        before: { metric: rule.metric, label: rule.label, condition: rule.condition, threshold: rule.threshold },
      });
    });
  });

  route(app, endpoints.snoozeRule, async ({ user, params, body, request }) => {
    const row = await db.transaction(async (tx) => {
      const rule = await ruleOf(tx, user, params.id);
      if (!rule) throw new NotFoundError(RULE_NOT_FOUND_MESSAGE);
      const until = body.for === 'none' ? null : new Date(now() + SNOOZE_CHOICES[body.for] * 86_400_000);
      const [updated] = await tx
        .update(alertRules)
        .set({ snoozedUntil: until })
        .where(eq(alertRules.id, rule.id))
        .returning();
      await recordAudit(tx, {
        userId: user.id,
        ...originOf(request),
        action: 'alert_rule.snoozed',
        entityType: 'alert_rule',
        entityId: rule.id,
        before: { snoozedUntil: rule.snoozedUntil?.toISOString() ?? null },
        after: { snoozedUntil: until?.toISOString() ?? null },
      });
      return updated!;
    });
    return (await asRules(db, [row], now()))[0]!;
  });

  route(app, endpoints.history, async ({ user, params }) => {
    const rule = await ruleOf(db, user, params.id);
    if (!rule) throw new NotFoundError(RULE_NOT_FOUND_MESSAGE);
    return eventsOf(db, rule.id);
  });
};
