import type { KpiQuery, KpiTile, KpiView } from '../../../contract/stats';
import type { Tx } from '../../db/types';
import { addDays, daysFromTo, localDate } from './stats.periods';
import type { SumSource } from './stats.queries';
import { money, rate, type StatsClock } from './stats.service';

/** Without a range: the last 30 business days, today included. */
const DEFAULT_DAYS = 30;
const METRICS = ['orders', 'returns', 'cancellations', 'mrr'];

type Totals = Record<(typeof METRICS)[number], number>;
const zero = (): Totals => Object.fromEntries(METRICS.map((m) => [m, 0]));

/** The figures of one range from its sums and what came before it (same definitions as the trend charts). */
function figures(sums: Totals, before: Totals) {
  const active = before.orders! - before.returns! - before.cancellations!;
  return {
    orders: sums.orders!,
    net: sums.orders! - sums.returns! - sums.cancellations!,
    returnRate: rate(sums.returns!, sums.orders!),
    churn: rate(sums.cancellations!, active),
    revenue: money(before.mrr! + sums.mrr!),
  };
}

const TILES: Omit<KpiTile, 'value' | 'previous'>[] = [
  { key: 'orders', label: 'New orders', format: 'count', higherIsBetter: true },
  { key: 'net', label: 'Net subscriptions', format: 'count', higherIsBetter: true },
  { key: 'returnRate', label: '21-day returns', format: 'percent', higherIsBetter: false },
  { key: 'churn', label: 'Churn', format: 'percent', higherIsBetter: false },
  { key: 'revenue', label: 'Recurring revenue', format: 'money', higherIsBetter: true },
];

/** The headline figures of a range of business days and of the as many days before it, from the rollup. */
export async function kpis(
  db: Tx,
  source: SumSource,
  query: KpiQuery,
  { now, timeZone }: StatsClock,
): Promise<KpiView> {
  const to = query.to ?? localDate(now, timeZone);
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const days = daysFromTo(from, to);
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(from, -days);

  const [sums, beforePrevious] = await Promise.all([
    source.periodSums(db, METRICS, 'day', previousFrom, to),
    source.sumsBefore(db, METRICS, previousFrom),
  ]);
  const previous = zero();
  const current = zero();
  for (const s of sums) {
    const totals = s.period < from ? previous : current;
    totals[s.metric] = (totals[s.metric] ?? 0) + Number(s.value);
  }
  const before = Object.fromEntries(METRICS.map((m) => [m, beforePrevious.get(m) ?? 0])) as Totals;
  const beforeCurrent = Object.fromEntries(METRICS.map((m) => [m, before[m]! + previous[m]!])) as Totals;

  const shown = figures(current, beforeCurrent);
  const earlier = figures(previous, before);
  return {
    from,
    to,
    previousFrom,
    previousTo,
    tiles: TILES.map((t) => ({ ...t, value: shown[t.key], previous: earlier[t.key] })),
  };
}
