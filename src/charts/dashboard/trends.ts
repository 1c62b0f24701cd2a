import { BRAND_COLORS, CARRIERS, ROW_LIMIT_OPTIONS } from '../../contract/business';
import { DASHBOARD_OPENING_TRENDS, STATS_ENDPOINTS, type StatsEndpoint, type StatsView } from '../../contract/stats';

export interface SeriesDef {
  field: string;
  name: string;
  color?: string;
}

/** Extra hover lines and label rules of some charts (§2). */
export type Hover = 'returnsShare' | 'cancellationsShare' | 'hideZeros';

export interface TrendChartDef {
  title: string;
  endpoint: StatsEndpoint;
  type: 'line' | 'stackedBar';
  /** Fixed series, or undefined for one series per named column of the rows (reasons, suppliers). */
  series?: SeriesDef[];
  height: 300 | 400;
  defaultView: StatsView;
  hover?: Hover;
  money?: boolean;
  percent?: boolean;
  /** Daily Renewals draws a marker line on today's date. */
  markToday?: boolean;
  /** Swaps by supplier (and the promo chart, which spans years) label months with their year. */
  monthWithYear?: boolean;
  /** Plan Lookup Promo Conversions has a row-limit selector. */
  rowLimit?: boolean;
  /** The records its series are named after, whose ids its click-through needs (looked up by name). */
  seriesNamedAfter?: NamedRecords;
}

/** Records a chart's series may be named after: the named columns of the stats rows. */
export type NamedRecords = 'cancellationReasons' | 'suppliers';

/** The business days a period spans, as the lists filter them (`from` and `to`, inclusive). */
export interface DateRange {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** A period's first and last day: a day, a week from its Monday, a month ('YYYY-MM'), a year ('YYYY'). */
export function periodRange(period: string, view: StatsView): DateRange {
  const [y, m = 1, d = 1] = period.split('-').map(Number) as [number, number?, number?];
  const start = new Date(Date.UTC(y, m - 1, d));
  const end =
    view === 'daily'
      ? start
      : view === 'weekly'
        ? new Date(Date.UTC(y, m - 1, d + 6))
        : view === 'monthly'
          ? new Date(Date.UTC(y, m, 0))
          : new Date(Date.UTC(y, 11, 31));
  return { from: isoDay(start), to: isoDay(end) };
}

export const viewsOf = (def: TrendChartDef): readonly StatsView[] => STATS_ENDPOINTS[def.endpoint].views;

/** Whether a view of a chart can be compared with the stretch before: a line's own view, not All Time nor a range. */
export const canCompare = (def: TrendChartDef, view: StatsView, ranged: boolean) =>
  def.type === 'line' && view !== 'yearly' && !ranged;

const DAYS_IN: Record<StatsView, number> = { daily: 1, weekly: 7, monthly: 30.44, yearly: 365.25 };
/** Periods a chart still reads well with, side by side. */
const READABLE_PERIODS = 120;

/** The finest view of a chart that draws a chosen range in at most 120 periods (else its coarsest). */
export function viewForRange(def: TrendChartDef, { from, to }: DateRange): StatsView {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const views = viewsOf(def);
  return views.find((v) => days / DAYS_IN[v] <= READABLE_PERIODS) ?? views.at(-1)!;
}

const activity: SeriesDef[] = [
  { field: 'orders', name: 'New Orders', color: BRAND_COLORS.green },
  { field: 'returns', name: '21-Day Returns', color: BRAND_COLORS.red },
  { field: 'cancellations', name: 'Cancellations', color: '#F08C00' },
  { field: 'net', name: 'Net Subscriptions', color: '#1C7ED6' },
];
const moneyPair: SeriesDef[] = [
  { field: 'gross', name: 'Gross', color: BRAND_COLORS.green },
  { field: 'net', name: 'Est. Net', color: '#1C7ED6' },
];

/**
 * The first two rows of charts, at or near the top of the page: their data is asked for before they render, by the
 * page's HTML (the contract's list, which TREND_CHARTS begins with).
 */
export const EAGER_CHARTS = DASHBOARD_OPENING_TRENDS.length;

/** The rows a chart with a row limit shows first. */
export const defaultRowLimit = (def: TrendChartDef): number | undefined =>
  def.rowLimit ? ROW_LIMIT_OPTIONS[0] : undefined;

/** The trend charts of §2, in page order: the ones staff look at first are above the fold. */
export const TREND_CHARTS: TrendChartDef[] = [
  {
    title: 'Subscription Activity',
    endpoint: 'subscription-activity-trend',
    type: 'line',
    series: activity,
    height: 400,
    defaultView: 'monthly',
    hover: 'returnsShare',
  },
  {
    title: 'Total orders trend',
    endpoint: 'total-orders-trend',
    type: 'line',
    series: [
      { field: 'total', name: 'Total', color: BRAND_COLORS.green },
      { field: 'cancellations', name: 'Cancellations', color: BRAND_COLORS.red },
      { field: 'net', name: 'Net', color: BRAND_COLORS.darkGray },
    ],
    height: 400,
    defaultView: 'monthly',
    hover: 'cancellationsShare',
  },
  {
    title: 'PPC Conversions',
    endpoint: 'ppc-conversion-trend',
    type: 'line',
    series: [{ field: 'google', name: 'Google CPC', color: '#4285F4' }],
    height: 300,
    defaultView: 'monthly',
  },
  {
    title: 'PPC Subscription Activity',
    endpoint: 'cpc-subscription-activity-trend',
    type: 'line',
    series: activity,
    height: 400,
    defaultView: 'monthly',
    hover: 'returnsShare',
  },
  {
    title: 'Net Prospecting Revenue',
    endpoint: 'net-prospecting-revenue-trend',
    type: 'line',
    series: [{ field: 'revenue', name: 'Net Revenue', color: BRAND_COLORS.green }],
    height: 300,
    defaultView: 'monthly',
    money: true,
  },
  {
    title: 'Daily Renewals',
    endpoint: 'renewals-trend',
    type: 'line',
    series: moneyPair,
    height: 300,
    defaultView: 'daily',
    money: true,
    markToday: true,
  },
  {
    title: 'Recurring Subscription Revenue',
    endpoint: 'subscription-revenue-trend',
    type: 'line',
    series: moneyPair,
    height: 300,
    defaultView: 'monthly',
    money: true,
  },
  {
    title: 'Site traffic',
    endpoint: 'visitor-trend',
    type: 'line',
    series: [{ field: 'visitors', name: 'Visitors', color: '#1C7ED6' }],
    height: 300,
    defaultView: 'monthly',
  },
  {
    title: 'Conversion rates',
    endpoint: 'conversion-rate-trend',
    type: 'line',
    series: [{ field: 'rate', name: 'Conversion Rate', color: BRAND_COLORS.green }],
    height: 300,
    defaultView: 'monthly',
    percent: true,
  },
  {
    title: 'Cancellation/churn rate',
    endpoint: 'churn-trend',
    type: 'line',
    series: [{ field: 'rate', name: 'Churn Rate', color: BRAND_COLORS.red }],
    height: 300,
    defaultView: 'monthly',
    percent: true,
  },
  {
    title: 'Subscriptions by carrier',
    endpoint: 'orders-by-carrier-trend',
    type: 'line',
    series: CARRIERS.map((c) => ({ field: c.seriesKey, name: c.name, color: c.color })),
    height: 300,
    defaultView: 'monthly',
  },
  {
    title: 'Device swaps and reset requests',
    endpoint: 'swap-and-reset-trend',
    type: 'line',
    series: [
      { field: 'replacements', name: 'Replacements', color: '#7048E8' },
      { field: 'resets', name: 'Reset Requests', color: '#F08C00' },
    ],
    height: 300,
    defaultView: 'monthly',
  },
  {
    title: 'Cancellation reasons',
    endpoint: 'cancellation-reason-trend',
    type: 'stackedBar',
    height: 400,
    defaultView: 'monthly',
    seriesNamedAfter: 'cancellationReasons',
  },
  {
    title: '21-Day Return Reason',
    endpoint: 'subscription-return-reason-trend',
    type: 'stackedBar',
    height: 400,
    defaultView: 'monthly',
  },
  {
    title: 'Reset Requests By Supplier',
    endpoint: 'reset-requests-by-supplier-trend',
    type: 'line',
    height: 300,
    defaultView: 'monthly',
  },
  {
    title: 'Device swaps by supplier',
    endpoint: 'swaps-by-supplier-trend',
    type: 'line',
    height: 300,
    defaultView: 'monthly',
    hover: 'hideZeros',
    monthWithYear: true,
    seriesNamedAfter: 'suppliers',
  },
  {
    title: 'Referral Code Usage',
    endpoint: 'referral-code-orders-trend',
    type: 'line',
    series: [{ field: 'count', name: 'Orders Placed', color: BRAND_COLORS.green }],
    height: 300,
    defaultView: 'monthly',
  },
  {
    title: 'Plan Lookup Promo Conversions',
    endpoint: 'lookup-request-drip-mail-conversion-trend',
    type: 'line',
    series: [
      { field: 'sent', name: 'Promo Emails Sent', color: '#1C7ED6' },
      { field: 'converted', name: 'Conversions', color: BRAND_COLORS.green },
    ],
    height: 300,
    defaultView: 'monthly',
    rowLimit: true,
    // 25 or more months: the year tells the two Novembers apart.
    monthWithYear: true,
  },
  {
    title: 'Plan Lookup Requests',
    endpoint: 'lookup-requests-trend',
    type: 'line',
    series: [
      { field: 'requests', name: 'Requests', color: '#1C7ED6' },
      { field: 'conversions', name: 'Conversions', color: BRAND_COLORS.green },
    ],
    height: 300,
    defaultView: 'monthly',
  },
  {
    title: 'Total prospects trend',
    endpoint: 'prospects-trend',
    type: 'line',
    series: [{ field: 'prospects', name: 'Prospects', color: '#1C7ED6' }],
    height: 300,
    defaultView: 'monthly',
  },
  {
    title: 'Prospect conversions trend',
    endpoint: 'prospect-conversions-trend',
    type: 'line',
    series: [{ field: 'conversions', name: 'Conversions', color: BRAND_COLORS.green }],
    height: 300,
    defaultView: 'monthly',
  },
  {
    title: 'Active subscriptions trend',
    endpoint: 'active-subscriptions-trend',
    type: 'line',
    series: [{ field: 'total', name: 'Total', color: BRAND_COLORS.darkGray }],
    height: 300,
    defaultView: 'monthly',
  },
];
