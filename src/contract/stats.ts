import { z } from './zod';
import { RETURN_WINDOW_DAYS, ROW_LIMIT_OPTIONS, UPCOMING_CREDIT_WEEKS } from './business';
import { endpoint } from './endpoint';
import { calendarDate, int } from './primitives';
import type { Topic } from './topics';

/** Period views of the trend charts (§2): what each covers and its label in the view switcher. */
export const STATS_VIEWS = {
  daily: { label: 'Past 30 Days', periods: 30 },
  weekly: { label: 'Past 26 Weeks', periods: 26 },
  monthly: { label: 'Past Year', periods: 12 },
  yearly: { label: 'All Time', periods: null },
} as const;
export type StatsView = keyof typeof STATS_VIEWS;
export const DEFAULT_STATS_VIEW: StatsView = 'monthly';

const ALL: readonly StatsView[] = ['daily', 'weekly', 'monthly', 'yearly'];
const NO_WEEKLY: readonly StatsView[] = ['daily', 'monthly', 'yearly'];

/** Columns that are not fixed: one per cancellation reason, return reason or supplier, keyed by its name. */
export type DynamicColumns = 'cancellationReasons' | 'returnReasons' | 'suppliers';

/**
 * Every stats endpoint of §7 with exactly its views and the series fields of its rows (§3), written once.
 * `fields` is a list of fixed row fields, or the kind of named columns the row carries.
 */
export const STATS_ENDPOINTS = {
  'ppc-conversion-trend': { views: NO_WEEKLY, fields: ['google'] },
  'subscription-activity-trend': { views: NO_WEEKLY, fields: ['orders', 'returns', 'cancellations', 'net'] },
  'net-prospecting-revenue-trend': { views: NO_WEEKLY, fields: ['revenue'] },
  'renewals-trend': { views: NO_WEEKLY, fields: ['gross', 'net'] },
  'visitor-trend': { views: ALL, fields: ['visitors'] },
  'conversion-rate-trend': { views: ALL, fields: ['rate'] },
  'churn-trend': { views: ALL, fields: ['rate'] },
  'swap-and-reset-trend': { views: ALL, fields: ['replacements', 'resets'] },
  'orders-by-carrier-trend': { views: ALL, fields: ['blue', 'yellow', 'pink', 'red'] },
  'cancellation-reason-trend': { views: ALL, fields: 'cancellationReasons' },
  'subscription-return-reason-trend': { views: ALL, fields: 'returnReasons' },
  'reset-requests-by-supplier-trend': { views: ALL, fields: 'suppliers' },
  'referral-code-orders-trend': { views: ALL, fields: ['count'] },
  'lookup-request-drip-mail-conversion-trend': { views: ALL, fields: ['sent', 'converted'] },
  'cpc-subscription-activity-trend': { views: ALL, fields: ['orders', 'returns', 'cancellations', 'net'] },
  'total-orders-trend': { views: NO_WEEKLY, fields: ['total', 'cancellations', 'net'] },
  'lookup-requests-trend': { views: NO_WEEKLY, fields: ['requests', 'conversions'] },
  'subscription-revenue-trend': { views: NO_WEEKLY, fields: ['gross', 'net'] },
  'swaps-by-supplier-trend': { views: NO_WEEKLY, fields: 'suppliers' },
  'prospects-trend': { views: NO_WEEKLY, fields: ['prospects'] },
  'prospect-conversions-trend': { views: NO_WEEKLY, fields: ['conversions'] },
  'active-subscriptions-trend': { views: NO_WEEKLY, fields: ['total'] },
} as const satisfies Record<string, { views: readonly StatsView[]; fields: readonly string[] | DynamicColumns }>;
export type StatsEndpoint = keyof typeof STATS_ENDPOINTS;

/** Row-limit choices of the Plan Lookup Promo Conversions chart: how many of the latest periods it shows. */
export const PROMO_ROW_LIMIT_ENDPOINT: StatsEndpoint = 'lookup-request-drip-mail-conversion-trend';

/** `{endpoint}-{view}`: the name of one trend endpoint in one view (§7). */
/**
 * The dashboard's first two rows of charts, in page order, each in its default view: the page asks for them at once,
 * and the server's HTML for the dashboard starts those requests before the app's code has loaded (ADR 041).
 */
export const DASHBOARD_OPENING_TRENDS: readonly { endpoint: StatsEndpoint; view: StatsView }[] = [
  { endpoint: 'subscription-activity-trend', view: 'monthly' },
  { endpoint: 'total-orders-trend', view: 'monthly' },
  { endpoint: 'ppc-conversion-trend', view: 'monthly' },
  { endpoint: 'cpc-subscription-activity-trend', view: 'monthly' },
];

export type TrendName = `${StatsEndpoint}-${StatsView}`;
export const trendName = (endpoint: StatsEndpoint, view: StatsView): TrendName => `${endpoint}-${view}`;

/** The endpoint and view of a trend name, split at the last dash; null unless the §7 table offers that view. */
export function parseTrendName(name: string): { endpoint: StatsEndpoint; view: StatsView } | null {
  const dash = name.lastIndexOf('-');
  const endpoint = name.slice(0, dash);
  const view = name.slice(dash + 1);
  if (dash < 0 || !Object.hasOwn(STATS_ENDPOINTS, endpoint)) return null;
  const views: readonly string[] = STATS_ENDPOINTS[endpoint as StatsEndpoint].views;
  return views.includes(view) ? { endpoint: endpoint as StatsEndpoint, view: view as StatsView } : null;
}

/**
 * A period is named by its first day: 'YYYY-MM-DD' for a day or a week (weeks start on Monday),
 * 'YYYY-MM' for a month, 'YYYY' for a year, all in the business time zone.
 */
export const statsRow = z.object({ period: z.string() }).catchall(z.union([z.number(), z.string()]));
export type StatsRow = z.infer<typeof statsRow>;

/** The definitions the numbers follow; shown as the glossary on the dashboard. */
export const STATS_GLOSSARY = [
  {
    term: 'Period',
    text: 'Days, weeks (Monday to Sunday), months and years in the business time zone. Past 30 Days, Past 26 Weeks and Past Year end with the current, unfinished period, drawn dashed to a hollow point (a faded bar) and labelled "so far"; All Time starts with the first year that has data.',
  },
  { term: 'Orders', text: 'New orders placed (subscriptions by their order date).' },
  {
    term: '21-Day Returns',
    text: `Cancellations on the order's day or within ${RETURN_WINDOW_DAYS} calendar days after it, counted on the day of the cancellation.`,
  },
  {
    term: 'Cancellations',
    text: `Later cancellations: more than ${RETURN_WINDOW_DAYS} days after the order, counted on the day of the cancellation.`,
  },
  { term: 'Net Subscriptions', text: 'Orders − 21-day returns − cancellations.' },
  { term: 'Returns %', text: 'Returns as a percentage of orders, to 2 decimals; 0 when either is missing or zero.' },
  {
    term: 'Total orders trend',
    text: 'Total = orders; cancellations = 21-day returns; net = total − cancellations; the percentage is cancellations ÷ total.',
  },
  {
    term: 'Google (PPC)',
    text: 'Orders that came from Google CPC ads. PPC Subscription Activity is the activity of those orders alone.',
  },
  { term: 'Active subscriptions', text: 'Subscriptions ordered and not cancelled at the end of each period.' },
  {
    term: 'Churn rate',
    text: 'Cancellations (not 21-day returns) in the period ÷ subscriptions active at its start × 100.',
  },
  { term: 'Conversion rate', text: 'Orders ÷ site visitors × 100 in the period (0 without visitors).' },
  {
    term: 'Renewals',
    text: 'Renewal payments in the period: gross charged, and estimated net after fees and carrier costs.',
  },
  {
    term: 'Recurring revenue',
    text: 'The monthly price of every subscription active at the end of the period (gross); estimated net applies the net-to-gross ratio of all renewals so far.',
  },
  { term: 'Net prospecting revenue', text: "Revenue of field reps' prospects, counted when the prospect converts." },
  {
    term: 'Cancellation reasons',
    text: 'Cancellations with a recorded reason, by reason, on the day of the cancellation; retired reasons appear while they have counts.',
  },
  { term: '21-day return reasons', text: '21-day returns with a recorded return reason, by reason.' },
  {
    term: 'Swaps and resets',
    text: 'Device replacements and reset requests, by the supplier of the line where shown.',
  },
  { term: 'Referral code usage', text: 'Orders placed with a referral code.' },
  {
    term: 'Plan lookups',
    text: 'Plan lookup requests by request date; conversions by the date the requester subscribed.',
  },
  {
    term: 'Promo conversions',
    text: 'Promo e-mails sent by send date; conversions by the date the recipient subscribed. The row limit picks how many of the latest periods are shown.',
  },
  { term: 'Prospects', text: 'Prospect visits logged by reps; conversions by the date the prospect subscribed.' },
  {
    term: '21-day returns by product',
    text: 'For the latest N deployed devices, 21-day returns of their subscriptions, by product model.',
  },
  {
    term: 'Upcoming credits',
    text: `Unapplied credits due in each of the next ${UPCOMING_CREDIT_WEEKS} weeks from today; remaining credits are those due after that.`,
  },
] as const;

/** A percentage of `part` in `whole` to 2 decimals; '0' when either is missing or zero (§2 hover rule). */
export function percentage(part: number | null | undefined, whole: number | null | undefined): string {
  if (!part || !whole) return '0';
  return ((part / whole) * 100).toFixed(2);
}

export const ROW_LIMIT_MESSAGE = 'The limit must be 25, 50 or 100.';
/** Row limits of the promo chart; also accepted as `?limit=` by its endpoint. */
export const COMPARE_MAX_PERIODS = 120;
/** The most periods a chosen range may span in its view (a daily view of 13 months, a weekly one of 7 years). */
export const RANGE_MAX_PERIODS = 400;
/** What every trend chart's rows may be asked with: a row limit, an earlier stretch, a chosen range. */
const trendFields = {
  limit: int({ message: ROW_LIMIT_MESSAGE })
    .refine((n) => (ROW_LIMIT_OPTIONS as readonly number[]).includes(n), ROW_LIMIT_MESSAGE)
    .optional(),
  /** The same view ending this many periods earlier: the faint "previous period" a chart compares with. */
  before: int({
    min: 1,
    max: COMPARE_MAX_PERIODS,
    message: `The before count must be a whole number from 1 to ${COMPARE_MAX_PERIODS}.`,
  }).optional(),
  /** A chosen range instead of the view's own: the periods of the view that hold `from` through `to`, whole. */
  from: calendarDate('The from date must be a valid date.').optional(),
  to: calendarDate('The to date must be a valid date.').optional(),
};
type TrendFields = { [K in keyof typeof trendFields]: z.output<(typeof trendFields)[K]> };

/** A range needs both ends in order, and is never compared. */
function rangeRules(q: Partial<TrendFields> & { compare?: boolean }, ctx: z.RefinementCtx) {
  if ((q.from === undefined) !== (q.to === undefined))
    ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: 'Choose both ends of the range.' });
  else if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The to date must be on or after the from date.' });
  if (q.from && (q.before !== undefined || q.compare))
    ctx.addIssue({
      code: 'custom',
      path: [q.compare ? 'compare' : 'before'],
      message: 'A chosen range is not compared.',
    });
}
export const trendQuery = z.object(trendFields).superRefine(rangeRules);
/** Any name reaches the handler, which answers 404 unless the §7 table has it (parseTrendName). */
export const trendParams = z.object({ name: z.string() });

/** The most of the latest deployed devices the returns by model count. */
export const RETURN_RATE_MAX_LIMIT = 10_000;
const LIMIT_MESSAGE = `The limit must be a whole number from 1 to ${RETURN_RATE_MAX_LIMIT.toLocaleString('en-US')}.`;

/** "Latest 100 deployed devices": what the returns by model count, as the chart's picture and its alerts say it. */
export const latestDeployed = (limit: number) => `Latest ${limit.toLocaleString('en-US')} deployed devices`;

/** The dashboard's two charts that are not trends, named (as a trend is) by their data's endpoint (ADR 061). */
export const RETURNS_CHART = 'return-rate-by-model';
export const CREDITS_CHART = 'upcoming-credits';

/**
 * A chart's picture is asked for as the page draws it: a view (the chart's default when none), the row limit or a
 * chosen range of its data, and `compare=1` for the stretch before, drawn as the "Compare" switch draws it. Nothing
 * else: an earlier stretch alone (`before`) is not a view the page draws. The limit is a trend's row limit, or the
 * latest deployed devices the returns by model count (each chart checks its own).
 */
export const chartPictureQuery = z
  .strictObject({
    view: z
      .enum(Object.keys(STATS_VIEWS) as [StatsView, ...StatsView[]], {
        error: 'The view must be daily, weekly, monthly or yearly.',
      })
      .optional(),
    limit: int({ min: 1, max: RETURN_RATE_MAX_LIMIT, message: LIMIT_MESSAGE }).optional(),
    from: trendFields.from,
    to: trendFields.to,
    compare: z
      .enum(['0', '1'], { error: 'The compare flag must be 0 or 1.' })
      .transform((v) => v === '1')
      .optional(),
  })
  .superRefine(rangeRules);
export type ChartPictureQuery = z.output<typeof chartPictureQuery>;
/** A chart is named by its data's endpoint (`subscription-activity-trend`); any name reaches the handler (404). */
export const chartPictureParams = z.object({ chart: z.string() });
/** A PNG picture (`image/png`): documents the answer of a chart's picture. */
export const pngFile = z.string().describe('A PNG picture (image/png).');

export const returnRateParams = z.object({
  limit: int({ min: 1, max: RETURN_RATE_MAX_LIMIT, message: LIMIT_MESSAGE }),
});
/** `productId` is null for lines with no phone ("SIM Only"); it opens that model's returns. */
export const returnRateRow = z.object({ productId: z.number().nullable(), model: z.string(), returns: z.number() });
export type ReturnRateRow = z.infer<typeof returnRateRow>;

/** Money travels as decimal strings ('0.00') so no cent is lost on the way. */
export const upcomingCredits = z.object({
  weeks: z.array(z.object({ period: z.string(), amount: z.string() })),
  remaining: z.string(),
});
export type UpcomingCredits = z.infer<typeof upcomingCredits>;

/** The headline figures above the charts, for a range of business days and the same number of days before it. */
export const KPI_KEYS = ['orders', 'net', 'returnRate', 'churn', 'revenue'] as const;
export type KpiKey = (typeof KPI_KEYS)[number];
/** Longest range the figures are asked for: ten years. */
export const KPI_MAX_DAYS = 3_660;
const DAY_MS = 86_400_000;
export const kpiQuery = z
  .object({
    from: calendarDate('The from date must be a valid date.').optional(),
    to: calendarDate('The to date must be a valid date.').optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The to date must be on or after the from date.' });
    else if (days > KPI_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose a range of at most ten years.' });
  });
export type KpiQuery = z.input<typeof kpiQuery>;
export const kpiTile = z.object({
  key: z.enum(KPI_KEYS),
  label: z.string(),
  value: z.number(),
  /** The same figure over the days just before the range. */
  previous: z.number(),
  format: z.enum(['count', 'percent', 'money']),
  /** Whether a rise is good news (orders) or bad (churn). */
  higherIsBetter: z.boolean(),
});
export type KpiTile = z.infer<typeof kpiTile>;
export const kpiView = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  tiles: z.array(kpiTile),
});
export type KpiView = z.infer<typeof kpiView>;

/**
 * What the charts are computed from through the API's writes (the rest comes from the sign-up site): a write to
 * any of these drops the answers kept (ADR 024).
 */
const STATS_READS = [
  'subscriptions',
  'cancellation-reasons',
  'devices',
  'prospects',
  'suppliers',
] as const satisfies readonly Topic[];

export const statsEndpoints = {
  kpis: endpoint({
    method: 'GET',
    path: '/admin/api/stats/kpis',
    query: kpiQuery,
    response: kpiView,
    access: 'dashboard.view',
    reads: STATS_READS,
    summary:
      'New orders, net subscriptions, 21-day return %, churn % and recurring revenue for a range of business days (default: the last 30) and the days before it.',
  }),
  upcomingCredits: endpoint({
    method: 'GET',
    path: '/admin/api/stats/upcoming-credits',
    response: upcomingCredits,
    access: 'dashboard.view',
    reads: STATS_READS,
    summary: `Unapplied credits due in each of the next ${UPCOMING_CREDIT_WEEKS} weeks, and those due after them.`,
  }),
  returnRateByModel: endpoint({
    method: 'GET',
    path: '/admin/api/stats/return-rate-by-model/:limit',
    params: returnRateParams,
    response: z.array(returnRateRow),
    access: 'dashboard.view',
    reads: STATS_READS,
    summary: '21-day returns of the latest deployed devices, by product model.',
  }),
  trend: endpoint({
    method: 'GET',
    path: '/admin/api/stats/:name',
    params: trendParams,
    query: trendQuery,
    response: z.array(statsRow),
    access: 'dashboard.view',
    reads: STATS_READS,
    summary:
      'One row per period of a trend endpoint in one view, `{endpoint}-{view}` (§7), or the same view `before` periods earlier; unknown names are 404.',
  }),
  chartPicture: endpoint({
    method: 'GET',
    path: '/admin/api/stats/charts/:chart/picture.png',
    params: chartPictureParams,
    query: chartPictureQuery,
    response: pngFile,
    access: 'dashboard.view',
    reads: STATS_READS,
    summary:
      "A dashboard chart as a PNG with its title, period and legend, in the page's light colours, from the rows its data route answers for the same query; unknown charts are 404.",
  }),
};
