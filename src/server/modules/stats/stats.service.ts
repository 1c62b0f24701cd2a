import { CARRIERS, UPCOMING_CREDIT_WEEKS } from '../../../contract/business';
import {
  PROMO_ROW_LIMIT_ENDPOINT,
  RANGE_MAX_PERIODS,
  type ReturnRateRow,
  type StatsEndpoint,
  type StatsRow,
  type StatsView,
  type UpcomingCredits,
} from '../../../contract/stats';
import type { Tx } from '../../db/types';
import { FieldErrors } from '../../http/errors';
import {
  addDays,
  GRAIN_OF,
  localDate,
  periodEnd,
  periodLabel,
  periodStart,
  periodStarts,
  periodStartsBetween,
  shift,
  type Grain,
} from './stats.periods';
import {
  cancellationReasonColumns,
  creditsDue,
  returnReasonColumns,
  returnsByModel,
  supplierColumns,
  rollupSums,
  type NamedColumn,
  type SumSource,
} from './stats.queries';

/** The sums of one period: `sum('orders')` over all keys, `sum('orders', 1)` for one key. */
interface Period {
  sum(metric: string, key?: number): number;
}

interface Series {
  metrics: string[];
  /** Metrics whose total before the first period is needed (running totals). */
  runningFrom?: string[];
  /** Fields of each period's row; `before` holds the totals of `runningFrom` up to the period's start. */
  row(period: Period, before: (metric: string) => number): Record<string, number>;
  columns?: (db: Tx) => Promise<NamedColumn[]>;
  /** The per-key metric of named columns. */
  columnMetric?: string;
}

/** Money to the cent, and a share in percent to two decimals (0 of nothing): as every stats figure rounds them. */
export const money = (n: number) => Math.round(n * 100) / 100;
export const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 100 : 0);
const CPC = 1;

function activity(orders: string, key?: number): Series {
  return {
    metrics: [orders, 'returns', 'cancellations'],
    row: (p) => {
      const o = p.sum(orders);
      const r = p.sum('returns', key);
      const c = p.sum('cancellations', key);
      return { orders: o, returns: r, cancellations: c, net: o - r - c };
    },
  };
}

const single = (field: string, metric: string, round = (n: number) => n): Series => ({
  metrics: [metric],
  row: (p) => ({ [field]: round(p.sum(metric)) }),
});

const named = (metric: string, columns: Series['columns']): Series => ({
  metrics: [metric],
  columns,
  columnMetric: metric,
  row: () => ({}),
});

const ACTIVE = ['orders', 'returns', 'cancellations'];
const netChange = (p: Period) => p.sum('orders') - p.sum('returns') - p.sum('cancellations');

/** How each endpoint's row fields follow from the facts (the definitions in STATS_GLOSSARY). */
const SERIES: Record<StatsEndpoint, Series> = {
  'ppc-conversion-trend': single('google', 'orders_cpc'),
  'subscription-activity-trend': activity('orders'),
  'cpc-subscription-activity-trend': activity('orders_cpc', CPC),
  'net-prospecting-revenue-trend': single('revenue', 'prospect_revenue', money),
  'renewals-trend': {
    metrics: ['renewal_gross', 'renewal_net'],
    row: (p) => ({ gross: money(p.sum('renewal_gross')), net: money(p.sum('renewal_net')) }),
  },
  'visitor-trend': single('visitors', 'visitors'),
  'conversion-rate-trend': {
    metrics: ['orders', 'visitors'],
    row: (p) => ({ rate: rate(p.sum('orders'), p.sum('visitors')) }),
  },
  'churn-trend': {
    metrics: ACTIVE,
    runningFrom: ACTIVE,
    row: (p, before) => ({
      rate: rate(p.sum('cancellations'), before('orders') - before('returns') - before('cancellations')),
    }),
  },
  'swap-and-reset-trend': {
    metrics: ['swaps', 'resets'],
    row: (p) => ({ replacements: p.sum('swaps'), resets: p.sum('resets') }),
  },
  'orders-by-carrier-trend': {
    metrics: ['orders'],
    row: (p) => Object.fromEntries(CARRIERS.map((c) => [c.seriesKey, p.sum('orders', c.id)])),
  },
  'cancellation-reason-trend': named('cancellation_reason', cancellationReasonColumns),
  'subscription-return-reason-trend': named('return_reason', returnReasonColumns),
  'reset-requests-by-supplier-trend': named('resets', supplierColumns),
  'swaps-by-supplier-trend': named('swaps', supplierColumns),
  'referral-code-orders-trend': single('count', 'orders_referral'),
  'lookup-request-drip-mail-conversion-trend': {
    metrics: ['promo_sent', 'promo_converted'],
    row: (p) => ({ sent: p.sum('promo_sent'), converted: p.sum('promo_converted') }),
  },
  'total-orders-trend': {
    metrics: ['orders', 'returns'],
    row: (p) => ({ total: p.sum('orders'), cancellations: p.sum('returns'), net: p.sum('orders') - p.sum('returns') }),
  },
  'lookup-requests-trend': {
    metrics: ['lookup_requests', 'lookup_conversions'],
    row: (p) => ({ requests: p.sum('lookup_requests'), conversions: p.sum('lookup_conversions') }),
  },
  'subscription-revenue-trend': {
    metrics: ['mrr', 'renewal_gross', 'renewal_net'],
    runningFrom: ['mrr', 'renewal_gross', 'renewal_net'],
    row: (p, before) => {
      const gross = before('mrr') + p.sum('mrr');
      const renewedGross = before('renewal_gross') + p.sum('renewal_gross');
      const renewedNet = before('renewal_net') + p.sum('renewal_net');
      return { gross: money(gross), net: money(renewedGross ? (gross * renewedNet) / renewedGross : 0) };
    },
  },
  'prospects-trend': single('prospects', 'prospects'),
  'prospect-conversions-trend': single('conversions', 'prospect_conversions'),
  'active-subscriptions-trend': {
    metrics: ACTIVE,
    runningFrom: ACTIVE,
    row: (p, before) => ({ total: before('orders') - before('returns') - before('cancellations') + netChange(p) }),
  },
};

export interface StatsClock {
  now: Date;
  timeZone: string;
}

/** The rows of one endpoint and view: one per period, oldest first, zeros where nothing happened. */
export async function trend(
  db: Tx,
  source: SumSource,
  endpoint: StatsEndpoint,
  view: StatsView,
  { now, timeZone }: StatsClock,
  count?: number,
  periodsBack?: number,
  range?: { from: string; to: string },
): Promise<StatsRow[]> {
  const series = SERIES[endpoint];
  const grain: Grain = GRAIN_OF[view];
  const chosen = range && periodStartsBetween(range.from, range.to, grain, RANGE_MAX_PERIODS);
  if (chosen === null)
    throw new FieldErrors({
      to: [`This range spans more than ${RANGE_MAX_PERIODS} periods of the view; choose a shorter one.`],
    });
  // Compared with an earlier stretch, the view ends `periodsBack` periods back, as if that were today.
  const today = periodsBack
    ? shift(periodStart(localDate(now, timeZone), grain), grain, -periodsBack)
    : localDate(now, timeZone);
  const firstDay = view === 'yearly' ? await source.firstDay(db, series.metrics) : null;
  const starts = chosen ?? periodStarts(view, today, firstDay, count);
  const from = starts[0]!;
  // The current period counts everything dated in it, like every other period.
  const to = periodEnd(starts.at(-1)!, grain);

  const [sums, before, columns] = await Promise.all([
    source.periodSums(db, series.metrics, grain, from, to),
    series.runningFrom ? source.sumsBefore(db, series.runningFrom, from) : new Map<string, number>(),
    series.columns ? series.columns(db) : [],
  ]);

  const byPeriod = new Map<string, Map<string, Map<number, number>>>();
  for (const s of sums) {
    const metrics = byPeriod.get(s.period) ?? byPeriod.set(s.period, new Map()).get(s.period)!;
    const keys = metrics.get(s.metric) ?? metrics.set(s.metric, new Map()).get(s.metric)!;
    keys.set(Number(s.key), Number(s.value));
  }
  const periodOf = (start: string): Period => ({
    sum: (metric, key) => {
      const keys = byPeriod.get(start)?.get(metric);
      if (!keys) return 0;
      if (key !== undefined) return keys.get(key) ?? 0;
      let total = 0;
      for (const v of keys.values()) total += v;
      return total;
    },
  });

  const shown = columns.filter(
    (c) => c.active || starts.some((start) => periodOf(start).sum(series.columnMetric!, c.id) !== 0),
  );
  const running = new Map(before);
  return starts.map((start) => {
    const period = periodOf(start);
    const row: StatsRow = { period: periodLabel(start, grain), ...series.row(period, (m) => running.get(m) ?? 0) };
    for (const c of shown) row[c.name] = period.sum(series.columnMetric!, c.id);
    for (const m of series.runningFrom ?? []) running.set(m, (running.get(m) ?? 0) + period.sum(m));
    return row;
  });
}

/** What a chart's rows are asked with (the trend route's query): its row limit, an earlier stretch, a chosen range. */
export interface TrendAsked {
  limit?: number;
  before?: number;
  from?: string;
  to?: string;
}

/**
 * The rows of a chart's data route for its query, from the rollup: what the page draws, and the server's picture
 * of the same chart (one reading of the query for both). Only the promo chart takes a row limit.
 */
export function trendRows(db: Tx, endpoint: StatsEndpoint, view: StatsView, asked: TrendAsked, clock: StatsClock) {
  const count = endpoint === PROMO_ROW_LIMIT_ENDPOINT ? asked.limit : undefined;
  const range = asked.from && asked.to ? { from: asked.from, to: asked.to } : undefined;
  return trend(db, rollupSums, endpoint, view, clock, count, asked.before, range);
}

export async function returnRateByModel(db: Tx, limit: number, timeZone: string): Promise<ReturnRateRow[]> {
  return returnsByModel(db, limit, timeZone);
}

/** Credits due in each of the next 4 weeks (week 1 starts today) and the remaining total; '0.00' when none. */
export async function upcomingCredits(db: Tx, { now, timeZone }: StatsClock): Promise<UpcomingCredits> {
  const today = localDate(now, timeZone);
  const due = new Map((await creditsDue(db, today, UPCOMING_CREDIT_WEEKS)).map((r) => [r.week, r.amount]));
  return {
    weeks: Array.from({ length: UPCOMING_CREDIT_WEEKS }, (_, i) => ({
      period: addDays(today, 7 * i),
      amount: due.get(i) ?? '0.00',
    })),
    remaining: due.get(UPCOMING_CREDIT_WEEKS) ?? '0.00',
  };
}
