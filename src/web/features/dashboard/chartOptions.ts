import { PALETTE_17 } from '../../../contract/business';
import { percentage, type StatsRow, type StatsView } from '../../../contract/stats';
import { periodRange, type DrillNames, type SeriesDef, type TrendChartDef } from './charts';
import { type ChartOption, type ChartTable } from '../../ui';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** X-axis label of a period (§2): month abbreviation (with the year for swaps by supplier), the year, or month and day. */
export function periodLabel(period: string, view: StatsView, monthWithYear = false): string {
  const [year, month, day] = period.split('-');
  if (view === 'yearly') return year!;
  const name = MONTHS[Number(month) - 1]!;
  if (view === 'monthly') return monthWithYear ? `${name} ${year}` : name;
  return `${name} ${Number(day)}`;
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
const previousRow = (rows: StatsRow[], previous: StatsRow[], index: number) =>
  previous[index - rows.length + previous.length];

/**
 * The rows a trend chart draws, as a table: each period's label, then the value of each series shown (and, when
 * comparing, of each one's previous stretch).
 */
export function trendTable(
  def: TrendChartDef,
  rows: StatsRow[],
  view: StatsView,
  hidden: ReadonlySet<string> = new Set(),
  previous?: StatsRow[],
  names: DrillNames = { ids: new Map() },
): ChartTable {
  const series = seriesOf(def, rows).filter((s) => !hidden.has(s.name));
  const { drill } = def;
  return {
    columns: ['Period', ...series.map((s) => s.name), ...(previous ? series.map((s) => previousName(s.name)) : [])],
    rows: rows.map((r, i) => [
      periodLabel(String(r.period), view, def.monthWithYear),
      ...series.map((s) => Number(r[s.field] ?? 0)),
      ...(previous ? series.map((s) => Number(previousRow(rows, previous, i)?.[s.field] ?? 0)) : []),
    ]),
    ...(drill && {
      href: (row: number, column: number) =>
        column <= series.length
          ? drill(series[column - 1]!.field, periodRange(String(rows[row]!.period), view), names)
          : null,
    }),
  };
}

/** Whether a view has nothing to draw: no periods, or every value of every series zero. */
export function isEmptyTrend(def: TrendChartDef, rows: StatsRow[]): boolean {
  const series = seriesOf(def, rows);
  return !series.length || rows.every((r) => series.every((s) => !Number(r[s.field] ?? 0)));
}

/**
 * The ECharts option of a trend chart for the rows of one view. The legend is drawn by the page (it wraps, where
 * the canvas legend pages), so the canvas one is hidden and only says which series the reader switched off.
 */
export function trendOption(
  def: TrendChartDef,
  rows: StatsRow[],
  view: StatsView,
  hidden: ReadonlySet<string> = new Set(),
  previous?: StatsRow[],
): ChartOption {
  const series = seriesOf(def, rows);
  const shownBefore = (index: number) => (previous ? previousRow(rows, previous, index) : undefined);
  const labels = rows.map((r) => periodLabel(String(r.period), view, def.monthWithYear));
  // The daily view ends with today in the business time zone.
  const todayIndex = view === 'daily' ? rows.length - 1 : -1;
  const main = series.map((s, i) => ({
    name: s.name,
    type: def.type === 'stackedBar' ? ('bar' as const) : ('line' as const),
    stack: def.type === 'stackedBar' ? 'total' : undefined,
    smooth: false,
    showSymbol: rows.length <= 31,
    data: rows.map((r) => Number(r[s.field] ?? 0)),
    markLine:
      def.markToday && i === 0 && todayIndex >= 0
        ? {
            symbol: 'none' as const,
            silent: true,
            label: { formatter: 'Today' },
            lineStyle: { color: '#868E96', type: 'dashed' as const },
            data: [{ xAxis: todayIndex }],
          }
        : undefined,
  }));
  // The stretch before, faint and dashed under each series, in its colour.
  const faint = series.map((s) => ({
    name: previousName(s.name),
    type: 'line' as const,
    smooth: false,
    showSymbol: false,
    silent: true,
    color: s.color ?? PALETTE_17[0],
    lineStyle: { type: 'dashed' as const, opacity: 0.45 },
    data: rows.map((_, i) => Number(shownBefore(i)?.[s.field] ?? 0)),
  }));
  return {
    color: series.map((s) => s.color ?? PALETTE_17[0]),
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    legend: {
      show: false,
      selected: Object.fromEntries(
        series.flatMap((s) => [
          [s.name, !hidden.has(s.name)],
          ...(previous ? [[previousName(s.name), !hidden.has(s.name)]] : []),
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
        const lines = hoverLines(def, series, row, labels[index!]!);
        if (before)
          for (const s of series.filter((s) => !hidden.has(s.name)))
            lines.push(`${previousName(s.name)}: ${formatValue(def, Number(before[s.field] ?? 0))}`);
        return lines.map(escape).join('<br>');
      },
    },
    xAxis: { type: 'category', data: labels, boundaryGap: def.type === 'stackedBar' },
    yAxis: {
      type: 'value',
      minInterval: def.money || def.percent ? undefined : 1,
      axisLabel: {
        formatter: (v: number) =>
          def.money ? `$${v.toLocaleString('en-US')}` : def.percent ? `${v}%` : v.toLocaleString('en-US'),
      },
    },
    series: previous ? [...main, ...faint] : main,
  };
}
