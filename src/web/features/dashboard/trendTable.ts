import type { StatsRow, StatsView } from '../../../contract/stats';
import { periodRange, type TrendChartDef } from '../../../charts/dashboard/trends';
import { previousName, previousRow, seriesOf } from '../../../charts/dashboard/trend-option';
import type { ChartTable } from '../../ui';
import { DRILLS, type DrillNames } from './drills';

/** The first column of a chart's table: what one of its periods is, each written in full (`2026-03`, never "Mar"). */
const PERIOD_COLUMN: Record<StatsView, string> = {
  daily: 'Day',
  weekly: 'Week starting',
  monthly: 'Month',
  yearly: 'Year',
};

/**
 * The last column of a table holding the period still under way: "yes" on its row, so no one reads it as finished
 * (in the CSV; the page says "so far" under the period).
 */
const SO_FAR_COLUMN = 'So far';

/**
 * The rows a trend chart draws, as a table: each period written in full, then the value of each series shown and,
 * when comparing, the period compared with and the value of each previous stretch shown; when the period at index
 * `unfinished` is still under way, a last column marks it (a column of its own, so the CSV's values stay numbers).
 */
export function trendTable(
  def: TrendChartDef,
  rows: StatsRow[],
  view: StatsView,
  hidden: ReadonlySet<string> = new Set(),
  previous?: StatsRow[],
  names: DrillNames = { ids: new Map() },
  unfinished = -1,
): ChartTable {
  const series = seriesOf(def, rows).filter((s) => !hidden.has(s.name));
  const before = previous ? series.filter((s) => !hidden.has(previousName(s.name))) : [];
  const drill = DRILLS[def.endpoint];
  const unit = PERIOD_COLUMN[view];
  return {
    columns: [
      unit,
      ...series.map((s) => s.name),
      ...(previous ? [`Previous ${unit.toLowerCase()}`, ...before.map((s) => previousName(s.name))] : []),
      ...(unfinished >= 0 ? [SO_FAR_COLUMN] : []),
    ],
    rows: rows.map((r, i) => {
      const then = previous && previousRow(rows, previous, i);
      return [
        String(r.period),
        ...series.map((s) => Number(r[s.field] ?? 0)),
        ...(previous ? [String(then?.period ?? ''), ...before.map((s) => Number(then?.[s.field] ?? 0))] : []),
        ...(unfinished >= 0 ? [i === unfinished ? 'yes' : ''] : []),
      ];
    }),
    ...(unfinished >= 0 && { flaggedAs: 'so far' }),
    ...(drill && {
      href: (row: number, column: number) =>
        column <= series.length
          ? drill(series[column - 1]!.field, periodRange(String(rows[row]!.period), view), names)
          : null,
    }),
  };
}
