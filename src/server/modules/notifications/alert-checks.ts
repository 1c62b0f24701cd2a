import { and, asc, eq, gte, lt, lte } from 'drizzle-orm';
import {
  alertScope,
  parseAlertMetric,
  type AlertCondition,
  type AlertFrequency,
} from '../../../contract/notifications';
import { NOTIFICATIONS_PAGE, UNSUBSCRIBE_PAGE, DASHBOARD_PAGE } from '../../../contract/pages';
import type { StatsView } from '../../../contract/stats';
import { alertEvents, alertRules } from '../../db/schema';
import { nextDue, type BusinessSchedule } from '../../jobs/business-time';
import { ensureRollup } from '../stats';
import { conditionHolds, crossingOf, readFigure, type Figure } from './figures';
import { changeText, escapeHtml, formatNumber, notificationMail, type MailLinks } from './notification-mail';
import { readersAmong, type NotificationDeps, type Reader } from './notification-deps';
import { signUnsubscribe } from './unsubscribe-tokens';

/** When a rule of each frequency is next looked at: hourly, or at 07:00 business time (weekly: on Mondays). */
const CHECKS: Record<AlertFrequency, BusinessSchedule> = {
  hourly: { at: '00:00', hourly: true },
  daily: { at: '07:00' },
  weekly: { at: '07:00', weekday: 1 },
};
export const nextCheckAt = (frequency: AlertFrequency, now: number, timeZone: string) =>
  new Date(nextDue(CHECKS[frequency], now, timeZone));

/** An event whose e-mails could not all be sent is tried again at each check for a day, then given up. */
const DELIVERY_DAYS = 1;
const BATCH = 200;

type Rule = typeof alertRules.$inferSelect;

/**
 * The alert check (ADR 059): every rule due is read with its owner's rights, its crossing recorded once, and the
 * e-mails of every crossing not yet mailed are sent, each under a key of its own so a run taken over by another
 * instance sends none twice. Throws when an e-mail failed, so the queue tries the run again later.
 */
export async function checkAlerts(deps: NotificationDeps, signal: AbortSignal): Promise<{ checked: number }> {
  const { db, timeZone } = deps;
  await ensureRollup(db, timeZone);
  const clock = { now: new Date(deps.now()), timeZone };
  // Read once a run: each distinct figure, and each owner's rights (a person's rules share them).
  const figures = new Map<string, Promise<Figure>>();
  const owners = new Map<number, Promise<boolean>>();
  const read = deps.readFigure ?? readFigure;
  const run: RunReads = {
    figureOf: (metric, view) => {
      const key = `${metric}|${view}`;
      if (!figures.has(key)) figures.set(key, read(db, parseAlertMetric(metric)!, view as StatsView, clock));
      return figures.get(key)!;
    },
    ownerMayRead: (id) => {
      if (!owners.has(id))
        owners.set(
          id,
          readersAmong(db, [id]).then((r) => r.length > 0),
        );
      return owners.get(id)!;
    },
  };
  let checked = 0;
  for (;;) {
    const due = await db
      .select()
      .from(alertRules)
      .where(and(eq(alertRules.enabled, true), lte(alertRules.nextCheckAt, clock.now)))
      .orderBy(asc(alertRules.nextCheckAt), asc(alertRules.id))
      .limit(BATCH);
    for (const rule of due) {
      if (signal.aborted) return { checked };
      await checkRule(deps, rule, run);
      checked += 1;
    }
    if (due.length < BATCH) break;
  }
  await deliverCrossings(deps);
  return { checked };
}

/** What a run reads once for all its rules. */
interface RunReads {
  figureOf(metric: string, view: string): Promise<Figure>;
  ownerMayRead(ownerId: number): Promise<boolean>;
}

async function checkRule(deps: NotificationDeps, rule: Rule, { figureOf, ownerMayRead }: RunReads): Promise<void> {
  const { db, timeZone } = deps;
  const now = new Date(deps.now());
  const next = nextCheckAt(rule.frequency as AlertFrequency, now.getTime(), timeZone);
  // Checked with its owner's rights: a rule of someone who may no longer see the dashboard reads nothing.
  if (!(await ownerMayRead(rule.ownerId))) {
    await db
      .update(alertRules)
      .set({ lastCheckedAt: now, nextCheckAt: next, lastError: 'Not checked: its owner may not see the dashboard.' })
      .where(eq(alertRules.id, rule.id));
    return;
  }
  const figure = await figureOf(rule.metric, rule.view);
  const holds = conditionHolds({ condition: rule.condition as AlertCondition, threshold: rule.threshold }, figure);
  const crossing = crossingOf(rule.firing, holds);
  await db.transaction(async (tx) => {
    // Only from the state it was read in: a second run checking the same rule at once records no second crossing.
    const moved = await tx
      .update(alertRules)
      .set({ firing: holds, lastValue: figure.value, lastCheckedAt: now, nextCheckAt: next, lastError: null })
      .where(and(eq(alertRules.id, rule.id), eq(alertRules.firing, rule.firing), lte(alertRules.nextCheckAt, now)))
      .returning({ id: alertRules.id });
    if (!moved.length || !crossing) return;
    const snoozed = rule.snoozedUntil !== null && rule.snoozedUntil > now;
    await tx.insert(alertEvents).values({
      ruleId: rule.id,
      kind: crossing,
      value: figure.value,
      previous: figure.previous,
      delivery: snoozed ? 'muted' : 'pending',
    });
  });
}

/** Mails every crossing still pending, to the owner and a team rule's recipients who may see the figures. */
async function deliverCrossings(deps: NotificationDeps): Promise<void> {
  const { db, mailer, log } = deps;
  const now = deps.now();
  const since = new Date(now - DELIVERY_DAYS * 86_400_000);
  await db
    .update(alertEvents)
    .set({ delivery: 'failed' })
    .where(and(eq(alertEvents.delivery, 'pending'), lt(alertEvents.createdAt, since)));
  const pending = await db
    .select({ event: alertEvents, rule: alertRules })
    .from(alertEvents)
    .innerJoin(alertRules, eq(alertRules.id, alertEvents.ruleId))
    .where(and(eq(alertEvents.delivery, 'pending'), gte(alertEvents.createdAt, since)))
    .orderBy(asc(alertEvents.id));
  const secret = await deps.secret();
  let failures = 0;
  for (const { event, rule } of pending) {
    const readers = await readersAmong(db, [rule.ownerId, ...rule.recipientIds]);
    let refused: string | null = null;
    for (const reader of readers) {
      const unsubscribe = `${deps.origin}${UNSUBSCRIBE_PAGE}?token=${signUnsubscribe(secret, { kind: 'alert', id: rule.id, userId: reader.id }, now)}`;
      const mail = alertMail(rule, event, reader, {
        page: `${deps.origin}${DASHBOARD_PAGE}`,
        manage: `${deps.origin}${NOTIFICATIONS_PAGE}`,
        unsubscribe,
      });
      try {
        await mailer.send(mail, log);
      } catch (err) {
        refused = `The e-mail to ${reader.email} was refused: ${err instanceof Error ? err.message : String(err)}`;
        log.warn({ err, rule: rule.id, event: event.id }, 'alert e-mail not sent');
      }
    }
    if (refused) {
      failures += 1;
      await db
        .update(alertRules)
        .set({ lastError: refused.slice(0, 500) })
        .where(eq(alertRules.id, rule.id));
    } else {
      await db.update(alertEvents).set({ delivery: 'sent' }).where(eq(alertEvents.id, event.id));
    }
  }
  if (failures) throw new Error(`${failures} alert e-mail(s) could not be sent; tried again at the next run`);
}

const CONDITION_TEXT: Record<AlertCondition, string> = {
  above: 'above',
  below: 'below',
  change: 'changed by more than',
};

/** "Churn · rate is above 5" / "… changed by more than 10 %". */
export function ruleSentence(rule: Pick<Rule, 'label' | 'condition' | 'threshold' | 'view' | 'metric'>): string {
  const condition = rule.condition as AlertCondition;
  const threshold = `${formatNumber(rule.threshold)}${condition === 'change' ? ' %' : ''}`;
  const view = alertScope(rule.metric, rule.view as StatsView).toLowerCase();
  return `${rule.label} (${view}) ${CONDITION_TEXT[condition]} ${threshold}`;
}

function alertMail(rule: Rule, event: typeof alertEvents.$inferSelect, reader: Reader, links: MailLinks) {
  const fired = event.kind === 'fired';
  const sentence = ruleSentence(rule);
  const subject = fired ? `Alert: ${sentence}` : `Back to normal: ${sentence}`;
  const figure = `${formatNumber(event.value)}${event.previous === null ? '' : ` (${changeText(event.value, event.previous)} against ${formatNumber(event.previous)} the period before)`}`;
  const headline = fired ? `${sentence}: it is now ${figure}.` : `${sentence} no longer holds: it is now ${figure}.`;
  return notificationMail(
    {
      to: reader.email,
      subject,
      text: [headline],
      html: [`<h2 style="font-size:18px">${escapeHtml(subject)}</h2>`, `<p>${escapeHtml(headline)}</p>`],
      idempotencyKey: `alert-event:${event.id}:${reader.id}`,
    },
    links,
  );
}
