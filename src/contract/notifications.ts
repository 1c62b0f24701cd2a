import { z } from './zod';
import { endpoint } from './endpoint';
import { decimal, id, int, text, unstorableText } from './primitives';
import { UPCOMING_CREDIT_WEEKS } from './business';
import {
  CREDITS_CHART,
  KPI_KEYS,
  latestDeployed,
  RETURN_RATE_MAX_LIMIT,
  RETURNS_CHART,
  STATS_ENDPOINTS,
  STATS_VIEWS,
  type KpiKey,
  type StatsEndpoint,
  type StatsView,
} from './stats';

/**
 * Alerts and digests (ADR 059): the dashboard's figures mailed to the people who watch them. A rule watches one
 * figure — a KPI tile (`kpi:<tile>`), one series of a trend chart (`trend:<endpoint>:<series>`) in a view, one
 * model's 21-day returns among the latest N deployed devices (`returns-by-model:<N>:<model>`) or the remaining
 * credits (`credits:remaining`) (ADR 061).
 */

export const ALERT_CONDITIONS = ['above', 'below', 'change'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
export const ALERT_FREQUENCIES = ['hourly', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
/** Views a rule may watch: the yearly view's last period is a whole year, too slow a figure to be alerted on. */
export const ALERT_VIEWS = ['daily', 'weekly', 'monthly'] as const satisfies readonly StatsView[];
export const SNOOZE_CHOICES = { day: 1, week: 7 } as const;
/** Rules one person keeps: a check of every rule is a job with a bound. */
export const ALERT_RULES_MAX = 50;

export type AlertMetric =
  | { kind: 'kpi'; key: KpiKey }
  | { kind: 'trend'; endpoint: StatsEndpoint; field: string }
  | { kind: 'returns-by-model'; limit: number; model: string }
  | { kind: 'credits'; figure: 'remaining' };

/** A name of the rows' own (a model, a reason): some text a database keeps as it is. */
const rowName = (name: string) => name.length > 0 && name.length <= 80 && unstorableText(name) === null;
/** N of the latest deployed devices, written as the page writes it: 1 to 10,000, no sign, no leading zero. */
const deviceCount = (n: string) => /^[1-9]\d{0,4}$/.test(n) && Number(n) <= RETURN_RATE_MAX_LIMIT;

/** Reads `kpi:<tile>`, `trend:<endpoint>:<series>`, `returns-by-model:<N>:<model>` or `credits:remaining`; else null. */
export function parseAlertMetric(metric: string): AlertMetric | null {
  const [kind, first, ...rest] = metric.split(':');
  if (kind === 'kpi' && rest.length === 0) {
    return (KPI_KEYS as readonly string[]).includes(first ?? '') ? { kind, key: first as KpiKey } : null;
  }
  if (kind === 'credits') return first === 'remaining' && rest.length === 0 ? { kind, figure: first } : null;
  if (kind === 'returns-by-model') {
    const model = rest.join(':');
    return first && deviceCount(first) && rowName(model) ? { kind, limit: Number(first), model } : null;
  }
  if (kind !== 'trend' || !first || !Object.hasOwn(STATS_ENDPOINTS, first)) return null;
  const endpointName = first as StatsEndpoint;
  const field = rest.join(':');
  const { fields } = STATS_ENDPOINTS[endpointName];
  // Named columns (reasons, suppliers) are whatever the rows carry; fixed fields are the endpoint's own.
  const known = typeof fields === 'string' ? rowName(field) : (fields as readonly string[]).includes(field);
  return known ? { kind, endpoint: endpointName, field } : null;
}

/**
 * The conditions a figure may be watched for: a change needs the same figure one period before, which the returns
 * by model (the latest devices, no period) and the remaining credits (as of today) have not (ADR 061).
 */
export function conditionsFor(metric: string): readonly AlertCondition[] {
  const kind = metric.split(':')[0];
  return kind === 'kpi' || kind === 'trend' ? ALERT_CONDITIONS : ['above', 'below'];
}

/** What stretch a rule's figure covers, as its rule says it: "Past Year", "Latest 100 deployed devices". */
export function alertScope(metric: string, view: StatsView): string {
  const parsed = parseAlertMetric(metric);
  switch (parsed?.kind) {
    case 'kpi':
      return 'Last 30 days';
    case 'returns-by-model':
      return latestDeployed(parsed.limit);
    case 'credits':
      return `Due after the next ${UPCOMING_CREDIT_WEEKS} weeks`;
    default:
      return STATS_VIEWS[view].label;
  }
}

export const alertRule = z.object({
  id: z.number(),
  metric: z.string(),
  label: z.string(),
  view: z.enum(ALERT_VIEWS),
  condition: z.enum(ALERT_CONDITIONS),
  threshold: z.number(),
  frequency: z.enum(ALERT_FREQUENCIES),
  /** Other staff a team rule mails, by id and name. */
  recipients: z.array(z.object({ id: z.number(), name: z.string() })),
  enabled: z.boolean(),
  firing: z.boolean(),
  snoozedUntil: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastValue: z.number().nullable(),
  lastError: z.string().nullable(),
  /** Whose rule it is: an Administrator's list holds the team rules of others too. */
  owner: z.object({ id: z.number(), name: z.string() }),
  createdAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRule>;

export const alertRuleBody = z
  .strictObject({
    metric: z
      .string()
      .max(200)
      .refine((m) => parseAlertMetric(m) !== null, 'Choose a figure of the dashboard.'),
    label: text({ label: 'label', max: 120 }),
    view: z.enum(ALERT_VIEWS, { error: `The view must be one of: ${ALERT_VIEWS.join(', ')}.` }),
    condition: z.enum(ALERT_CONDITIONS, { error: 'Choose above, below or a change.' }),
    threshold: decimal({ min: -1e12, max: 1e12, scale: 4, message: 'Enter a number (at most 4 decimals).' }),
    frequency: z.enum(ALERT_FREQUENCIES, { error: 'Choose hourly, daily or weekly.' }),
    recipientIds: z.array(id('A recipient id is invalid.')).max(50, 'A rule mails at most 50 people.').default([]),
  })
  .superRefine((rule, ctx) => {
    const metric = parseAlertMetric(rule.metric);
    if (metric?.kind === 'trend' && !(STATS_ENDPOINTS[metric.endpoint].views as readonly string[]).includes(rule.view))
      ctx.addIssue({
        code: 'custom',
        path: ['view'],
        message: `This chart has no ${STATS_VIEWS[rule.view].label} view.`,
      });
    if (!conditionsFor(rule.metric).includes(rule.condition))
      ctx.addIssue({
        code: 'custom',
        path: ['condition'],
        message: 'This figure has no period before to compare with: choose above or below.',
      });
    else if (rule.condition === 'change' && rule.threshold <= 0)
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'A change is a percentage above 0.' });
  });
export type AlertRuleBody = z.input<typeof alertRuleBody>;

export const alertEvent = z.object({
  id: z.number(),
  kind: z.enum(['fired', 'back_to_normal']),
  value: z.number(),
  previous: z.number().nullable(),
  createdAt: z.string(),
});
export type AlertEvent = z.infer<typeof alertEvent>;

export const DIGEST_CADENCES = ['daily', 'weekly', 'monthly'] as const;
export type DigestCadence = (typeof DIGEST_CADENCES)[number];
/** Charts one digest draws. */
export const DIGEST_CHARTS_MAX = 6;

/** A trend chart in a view (`{endpoint}-{view}`, not all time), the returns by model (the latest 100) or the credits. */
const chartName = z
  .string()
  .max(100)
  .refine((name) => {
    if (name === RETURNS_CHART || name === CREDITS_CHART) return true;
    const view = Object.keys(STATS_VIEWS).find((v) => name.endsWith(`-${v}`)) as StatsView | undefined;
    const endpointName = view && name.slice(0, -view.length - 1);
    return (
      !!endpointName &&
      Object.hasOwn(STATS_ENDPOINTS, endpointName) &&
      (STATS_ENDPOINTS[endpointName as StatsEndpoint].views as readonly string[]).includes(view)
    );
  }, 'Choose charts of the dashboard.');

export const digestSubscription = z.object({
  cadence: z.enum(DIGEST_CADENCES),
  weekday: z.number().nullable(),
  hour: z.number(),
  charts: z.array(z.string()),
  /** When the next one is mailed. */
  nextAt: z.string(),
  lastError: z.string().nullable(),
});
export type DigestSubscription = z.infer<typeof digestSubscription>;

export const digestBody = z
  .strictObject({
    cadence: z.enum(DIGEST_CADENCES, { error: 'Choose daily, weekly or monthly.' }),
    weekday: int({ min: 0, max: 6, message: 'Choose a day of the week.' }).nullable().default(null),
    hour: int({ min: 0, max: 23, message: 'Choose an hour from 0 to 23.' }),
    charts: z.array(chartName).max(DIGEST_CHARTS_MAX, `A digest draws at most ${DIGEST_CHARTS_MAX} charts.`),
  })
  .superRefine((digest, ctx) => {
    if ((digest.cadence === 'weekly') !== (digest.weekday !== null))
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'A weekly digest has a day; the others have none.' });
  });
export type DigestBody = z.input<typeof digestBody>;

export const notificationSettings = z.object({
  timeZone: z.string(),
  rules: z.array(alertRule),
  digest: digestSubscription.nullable(),
  /** Staff a team rule may mail (Administrators only; empty for others). */
  staff: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const UNSUBSCRIBE_REFUSED_MESSAGE = 'This unsubscribe link is not valid or has expired.';
export const RULE_NOT_FOUND_MESSAGE = 'The alert rule was not found.';

const ruleId = z.object({ id: id('The rule id is invalid.') });

export const notificationEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/admin/api/notifications',
    response: notificationSettings,
    access: 'dashboard.view',
    reads: ['notifications', 'staff'],
    summary: "The signed-in user's alert rules (an Administrator's: every team rule too) and digest.",
  }),
  createRule: endpoint({
    method: 'POST',
    path: '/admin/api/notifications/rules',
    body: alertRuleBody,
    response: alertRule,
    status: 201,
    access: 'dashboard.view',
    changes: ['notifications'],
    summary: 'Watches a figure of the dashboard; recipients besides oneself make a team rule (Administrators only).',
  }),
  removeRule: endpoint({
    method: 'DELETE',
    path: '/admin/api/notifications/rules/:id',
    params: ruleId,
    access: 'dashboard.view',
    changes: ['notifications'],
    removes: 'notifications',
    summary: "Deletes one of the user's rules (another's answers 404).",
  }),
  snoozeRule: endpoint({
    method: 'POST',
    path: '/admin/api/notifications/rules/:id/snooze',
    params: ruleId,
    body: z.strictObject({ for: z.enum(['day', 'week', 'none'], { error: 'Snooze for a day, a week, or none.' }) }),
    response: alertRule,
    access: 'dashboard.view',
    changes: ['notifications'],
    summary: 'Mutes a rule for a day or a week (none: unmutes it); its checks go on, its e-mails wait.',
  }),
  history: endpoint({
    method: 'GET',
    path: '/admin/api/notifications/rules/:id/history',
    params: ruleId,
    response: z.array(alertEvent),
    access: 'dashboard.view',
    reads: ['notifications'],
    summary: "A rule's last 100 crossings, newest first.",
  }),
  saveDigest: endpoint({
    method: 'PUT',
    path: '/admin/api/notifications/digest',
    body: digestBody,
    response: digestSubscription,
    access: 'dashboard.view',
    changes: ['notifications'],
    summary: "Subscribes the signed-in user to the dashboard's digest, or changes when and what it holds.",
  }),
  removeDigest: endpoint({
    method: 'DELETE',
    path: '/admin/api/notifications/digest',
    access: 'dashboard.view',
    changes: ['notifications'],
    summary: "Ends the signed-in user's digest.",
  }),
};
