import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import { PALETTE_17 } from '../../contract/business';
import { percentage, type StatsRow, type StatsView } from '../../contract/stats';
import { periodRange, type DateRange, type SeriesDef, type TrendChartDef } from './trends';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** X-axis label of a period (§2): month abbreviation (with the year for swaps by supplier), the year, or month and day. */
export function periodLabel(period: string, view: StatsView, monthWithYear = false): string {
  const [year, month, day] = period.split('-');
  if (view === 'yearly') return year!;
  const name = MONTHS[Number(month) - 1]!;
  if (view === 'monthly') return monthWithYear ? `${name} ${year}` : name;
  return `${name} ${Number(day)}`;
}

/** A view's name in a picture's or a file's period line. */
const VIEW_NAMES: Record<StatsView, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};
/** How a day is written in a view's period line: a month's or a year's days are not named. */
const DAY_FORMAT: Record<StatsView, string> = {
  daily: 'MMM D, YYYY',
  weekly: 'MMM D, YYYY',
  monthly: 'MMM YYYY',
  yearly: 'YYYY',
};

/**
 * The stretch a chart's rows cover, as a reader names it: "Monthly · Dec 2025 – Nov 2026", with the period still
 * under way said to be so ("(Nov 2026 so far)").
 */
export function periodShown(rows: StatsRow[], view: StatsView, unfinished = -1): string {
  if (!rows.length) return VIEW_NAMES[view];
  const day = (date: string) => dayjs(date).format(DAY_FORMAT[view]);
  const from = periodRange(String(rows[0]!.period), view).from;
  const to = periodRange(String(rows.at(-1)!.period), view).to;
  const span = from === to || day(from) === day(to) ? day(from) : `${day(from)} – ${day(to)}`;
  const current = unfinished >= 0 ? periodRange(String(rows[unfinished]!.period), view).from : null;
  const soFar = current ? ` (${view === 'weekly' ? 'week of ' : ''}${day(current)} so far)` : '';
  return `${VIEW_NAMES[view]} · ${span}${soFar}`;
}

/**
 * The first of the rows whose period is still under way, or -1: a view always ends with the current period (ADR
 * 004); a chosen range does when its last period ends today or later (the browser's today, as for the figures).
 */
export function unfinishedFrom(
  rows: StatsRow[],
  view: StatsView,
  range?: DateRange,
  today = dayjs().format('YYYY-MM-DD'),
): number {
  if (!range) return rows.length - 1;
  return rows.findIndex((r) => periodRange(String(r.period), view).to >= today);
}

/** The series of a chart: its fixed list, or one per named column of the rows, coloured from the 17-colour palette. */
export function seriesOf(def: TrendChartDef, rows: StatsRow[]): SeriesDef[] {
  if (def.series) return def.series;
  const fields = rows.length ? Object.keys(rows[0]!).filter((k) => k !== 'period') : [];
  return fields.map((field, i) => ({ field, name: field, color: PALETTE_17[i % PALETTE_17.length] }));
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function formatValue(def: Pick<TrendChartDef, 'money' | 'percent'>, value: number): string {
  if (def.money) return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (def.percent) return `${value.toFixed(2)}%`;
  return value.toLocaleString('en-US');
}

/** The hover text of one period (§2): its label, each series' value, and the chart's extra line. */
export function hoverLines(def: TrendChartDef, series: SeriesDef[], row: StatsRow, label: string): string[] {
  const value = (field: string) => Number(row[field] ?? 0);
  const shown = def.hover === 'hideZeros' ? series.filter((s) => value(s.field) !== 0) : series;
  const lines = [label, ...shown.map((s) => `${s.name}: ${formatValue(def, value(s.field))}`)];
  if (def.hover === 'returnsShare') lines.push(`Returns: ${percentage(value('returns'), value('orders'))}% of orders`);
  if (def.hover === 'cancellationsShare')
    lines.push(`Cancellations: ${percentage(value('cancellations'), value('total'))}% of total`);
  return lines;
}

/** The name of a series' faint twin: the same figure over the stretch before. */
export const previousName = (name: string) => `${name} (previous)`;

/** The previous stretch's row drawn under each period: aligned from the end, as both end with their last period. */
export const previousRow = (rows: StatsRow[], previous: StatsRow[], index: number) =>
  previous[index - rows.length + previous.length];

/** Whether a view has nothing to draw: no periods, or every value of every series zero. */
export function isEmptyTrend(def: TrendChartDef, rows: StatsRow[]): boolean {
  const series = seriesOf(def, rows);
  return !series.length || rows.every((r) => series.every((s) => !Number(r[s.field] ?? 0)));
}

/** How a value of a period still under way is drawn: hollow, on a dashed stretch, or a faded bar with a dashed edge. */
const SO_FAR = 'so far';

/**
 * A line's periods under way: a dashed stretch from its last finished value to hollow points, under the series' own
 * name (so the legend switches both, and a click opens the same list); the last point may carry the "so far" label.
 */
function soFarLines(series: SeriesDef[], rows: StatsRow[], unfinished: number, label: (s: SeriesDef) => object) {
  return series.map((s, i) => ({
    name: s.name,
    type: 'line' as const,
    smooth: false,
    color: s.color ?? PALETTE_17[i % PALETTE_17.length],
    lineStyle: { type: 'dashed' as const },
    symbol: 'emptyCircle',
    symbolSize: 8,
    data: rows.map((r, index) => {
      const value = Number(r[s.field] ?? 0);
      if (index === unfinished - 1) return { value, symbol: 'none' };
      if (index < unfinished) return null;
      return { value, ...(index === rows.length - 1 && label(s)) };
    }),
  }));
}

/** The stretch before, faint and dashed under each series, in its colour. */
const faintLines = (series: SeriesDef[], rows: StatsRow[], previous: StatsRow[]) =>
  series.map((s) => ({
    name: previousName(s.name),
    type: 'line' as const,
    smooth: false,
    showSymbol: false,
    silent: true,
    color: s.color ?? PALETTE_17[0],
    lineStyle: { type: 'dashed' as const, opacity: 0.45 },
    data: rows.map((_, i) => Number(previousRow(rows, previous, i)?.[s.field] ?? 0)),
  }));

/** Daily Renewals' marker line on today's date (§2). */
const todayMark = (index: number) => ({
  symbol: 'none' as const,
  silent: true,
  label: { formatter: 'Today' },
  lineStyle: { color: '#868E96', type: 'dashed' as const },
  data: [{ xAxis: index }],
});

/**
 * The ECharts option of a trend chart for the rows of one view. The legend is drawn by the page (it wraps, where
 * the canvas legend pages), so the canvas one is hidden and only says which series the reader switched off.
 * From `unfinished` on, periods are still under way: their values are drawn apart from the finished ones (a
 * dashed stretch to a hollow point, a faded bar), labelled "so far", never as a finished value (today's renewals
 * are not a dive to $0).
 */
export function trendOption(
  def: TrendChartDef,
  rows: StatsRow[],
  view: StatsView,
  hidden: ReadonlySet<string> = new Set(),
  previous?: StatsRow[],
  unfinished = -1,
): EChartsOption {
  const series = seriesOf(def, rows);
  const shownBefore = (index: number) => (previous ? previousRow(rows, previous, index) : undefined);
  const labels = rows.map((r) => periodLabel(String(r.period), view, def.monthWithYear));
  const isUnfinished = (index: number) => unfinished >= 0 && index >= unfinished;
  // The daily view ends with today in the business time zone.
  const todayIndex = view === 'daily' ? rows.length - 1 : -1;
  const value = (s: SeriesDef, index: number) => Number(rows[index]![s.field] ?? 0);
  // "so far" is said once, by the last series shown (the top of a stack).
  const labelled = series.filter((s) => !hidden.has(s.name)).at(-1);
  const soFarLabel = (s: SeriesDef) =>
    s === labelled ? { label: { show: true, position: 'top' as const, formatter: SO_FAR } } : {};
  const bars = def.type === 'stackedBar';
  const main = series.map((s, i) => ({
    name: s.name,
    type: bars ? ('bar' as const) : ('line' as const),
    stack: bars ? 'total' : undefined,
    smooth: false,
    showSymbol: rows.length <= 31,
    data: rows.map((_, index) => {
      if (!isUnfinished(index)) return value(s, index);
      if (!bars) return null;
      const color = s.color ?? PALETTE_17[i % PALETTE_17.length];
      return {
        value: value(s, index),
        itemStyle: { opacity: 0.45, borderColor: color, borderType: 'dashed' as const, borderWidth: 1 },
        ...soFarLabel(s),
      };
    }),
    markLine: def.markToday && i === 0 && todayIndex >= 0 ? todayMark(todayIndex) : undefined,
  }));
  const soFar = bars || unfinished < 0 ? [] : soFarLines(series, rows, unfinished, soFarLabel);
  return {
    color: series.map((s) => s.color ?? PALETTE_17[0]),
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    legend: {
      show: false,
      selected: Object.fromEntries(
        series.flatMap((s) => [
          [s.name, !hidden.has(s.name)],
          ...(previous ? [[previousName(s.name), !hidden.has(previousName(s.name))]] : []),
        ]),
      ),
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const index = (Array.isArray(params) ? params[0] : params)?.dataIndex as number | undefined;
        const row = index === undefined ? undefined : rows[index];
        if (!row) return '';
        const before = shownBefore(index!);
        const label = isUnfinished(index!) ? `${labels[index!]!} (${SO_FAR})` : labels[index!]!;
        const lines = hoverLines(def, series, row, label);
        if (before)
          for (const s of series.filter((s) => !hidden.has(previousName(s.name))))
            lines.push(`${previousName(s.name)}: ${formatValue(def, Number(before[s.field] ?? 0))}`);
        return lines.map(escape).join('<br>');
      },
    },
    xAxis: { type: 'category', data: labels, boundaryGap: bars },
    yAxis: {
      type: 'value',
      minInterval: def.money || def.percent ? undefined : 1,
      axisLabel: {
        formatter: (v: number) =>
          def.money ? `$${v.toLocaleString('en-US')}` : def.percent ? `${v}%` : v.toLocaleString('en-US'),
      },
    },
    series: [...main, ...soFar, ...(previous ? faintLines(series, rows, previous) : [])],
  } as EChartsOption;
}
