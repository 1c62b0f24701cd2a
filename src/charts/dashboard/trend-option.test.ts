import { describe, expect, it } from 'vitest';
import { PALETTE_17 } from '../../contract/business';
import { percentage, STATS_ENDPOINTS } from '../../contract/stats';
import { hoverLines, isEmptyTrend, periodLabel, periodShown, seriesOf, trendOption } from './trend-option';
import { TREND_CHARTS, viewForRange, type TrendChartDef } from './trends';

const chart = (endpoint: TrendChartDef['endpoint']) => TREND_CHARTS.find((c) => c.endpoint === endpoint)!;

describe('the percentage rule', () => {
  it('gives the share to 2 decimals', () => {
    expect([percentage(1, 4), percentage(2, 3), percentage(5, 5)]).toEqual(['25.00', '66.67', '100.00']);
  });

  it('is 0 when either value is missing or zero', () => {
    expect([percentage(0, 10), percentage(3, 0), percentage(undefined, 10), percentage(3, null)]).toEqual([
      '0',
      '0',
      '0',
      '0',
    ]);
  });
});

describe('x-axis labels', () => {
  it('shows the month for monthly views, the year for yearly views, month and day otherwise', () => {
    expect(periodLabel('2026-11', 'monthly')).toBe('Nov');
    expect(periodLabel('2026', 'yearly')).toBe('2026');
    expect(periodLabel('2026-11-02', 'daily')).toBe('Nov 2');
    expect(periodLabel('2026-05-25', 'weekly')).toBe('May 25');
  });

  it('shows month and year for device swaps by supplier', () => {
    const def = chart('swaps-by-supplier-trend');
    const option = trendOption(def, [{ period: '2026-01', Acme: 1 }], 'monthly');
    expect((option.xAxis as { data: string[] }).data).toEqual(['Jan 2026']);
  });
});

describe('hover text', () => {
  it('shows each count and returns as a percentage of orders on subscription activity', () => {
    const def = chart('subscription-activity-trend');
    const row = { period: '2026-11', orders: 3, returns: 1, cancellations: 2, net: 0 };
    expect(hoverLines(def, seriesOf(def, [row]), row, 'Nov')).toEqual([
      'Nov',
      'New Orders: 3',
      '21-Day Returns: 1',
      'Cancellations: 2',
      'Net Subscriptions: 0',
      'Returns: 33.33% of orders',
    ]);
    const none = { ...row, orders: 0 };
    expect(hoverLines(def, seriesOf(def, [none]), none, 'Nov').at(-1)).toBe('Returns: 0% of orders');
  });

  it('shows cancellations as a percentage of total on the total orders trend', () => {
    const def = chart('total-orders-trend');
    const row = { period: '2026-11-20', total: 8, cancellations: 1, net: 7 };
    expect(hoverLines(def, seriesOf(def, [row]), row, 'Nov 20').at(-1)).toBe('Cancellations: 12.50% of total');
  });

  it('hides zero values on device swaps by supplier', () => {
    const def = chart('swaps-by-supplier-trend');
    const row = { period: '2026-11', Acme: 0, Beta: 2 };
    expect(hoverLines(def, seriesOf(def, [row]), row, 'Nov 2026')).toEqual(['Nov 2026', 'Beta: 2']);
  });

  it('formats money with a dollar sign and cents', () => {
    const def = chart('renewals-trend');
    const row = { period: '2026-11-20', gross: 1234.5, net: 900 };
    expect(hoverLines(def, seriesOf(def, [row]), row, 'Nov 20')).toEqual([
      'Nov 20',
      'Gross: $1,234.50',
      'Est. Net: $900.00',
    ]);
  });
});

describe('chart options', () => {
  it('stacks one bar series per reason column, coloured from the 17-colour palette', () => {
    const def = chart('cancellation-reason-trend');
    const option = trendOption(def, [{ period: '2026-11', Moving: 1, Price: 2 }], 'monthly');
    const series = option.series as { name: string; type: string; stack: string }[];
    expect(series.map((s) => [s.name, s.type, s.stack])).toEqual([
      ['Moving', 'bar', 'total'],
      ['Price', 'bar', 'total'],
    ]);
    expect(option.color).toEqual([PALETTE_17[0], PALETTE_17[1]]);
  });

  it('marks today on the daily renewals view only', () => {
    const def = chart('renewals-trend');
    const rows = [
      { period: '2026-11-19', gross: 1, net: 1 },
      { period: '2026-11-20', gross: 2, net: 1 },
    ];
    const daily = (trendOption(def, rows, 'daily').series as { markLine?: { data: unknown[] } }[])[0]!;
    expect(daily.markLine?.data).toEqual([{ xAxis: 1 }]);
    const monthly = (
      trendOption(def, [{ period: '2026-11', gross: 1, net: 1 }], 'monthly').series as { markLine?: unknown }[]
    )[0]!;
    expect(monthly.markLine).toBeUndefined();
  });

  it('uses brand green, brand red and dark gray for the total orders trend', () => {
    expect(trendOption(chart('total-orders-trend'), [], 'monthly').color).toEqual(['#2E9E5B', '#D64545', '#4A4A4A']);
  });
});

describe('the charts of §2', () => {
  it('draws every stats endpoint once, 300 or 400 px high, monthly by default except Daily Renewals', () => {
    expect(TREND_CHARTS.map((c) => c.endpoint).sort()).toEqual(Object.keys(STATS_ENDPOINTS).sort());
    for (const c of TREND_CHARTS) expect([300, 400]).toContain(c.height);
    expect(TREND_CHARTS.filter((c) => c.defaultView !== 'monthly').map((c) => c.title)).toEqual(['Daily Renewals']);
  });
});

describe('legend and empty views', () => {
  it('leaves the legend to the page and hides only the series the reader switched off', () => {
    const def = chart('subscription-activity-trend');
    const rows = [{ period: '2026-11', orders: 3, returns: 1, cancellations: 1, net: 1 }];
    const option = trendOption(def, rows, 'monthly', new Set(['Net Subscriptions']));
    const legend = option.legend as { show: boolean; selected: Record<string, boolean> };
    expect(legend.show).toBe(false);
    expect(legend.selected).toEqual(
      Object.fromEntries(seriesOf(def, rows).map((s) => [s.name, s.name !== 'Net Subscriptions'])),
    );
    expect(Object.keys(legend.selected)).toContain('Net Subscriptions');
  });

  it('calls a view empty when it has no periods or only zeros', () => {
    const def = chart('subscription-activity-trend');
    expect(isEmptyTrend(def, [])).toBe(true);
    expect(isEmptyTrend(def, [{ period: '2026-11', orders: 0, returns: 0, cancellations: 0, net: 0 }])).toBe(true);
    expect(isEmptyTrend(def, [{ period: '2026-11', orders: 0, returns: 0, cancellations: 0, net: -1 }])).toBe(false);
  });
});

describe('the period line of a picture', () => {
  it('names the view and the first and last period with their years, and the one still under way', () => {
    const months = ['2025-12', '2026-01', '2026-11'].map((period) => ({ period }));
    expect(periodShown(months, 'monthly', 2)).toBe('Monthly · Dec 2025 – Nov 2026 (Nov 2026 so far)');
    expect(periodShown(months, 'monthly')).toBe('Monthly · Dec 2025 – Nov 2026');
    const weeks = [{ period: '2026-11-16' }, { period: '2026-11-23' }];
    expect(periodShown(weeks, 'weekly', 1)).toBe('Weekly · Nov 16, 2026 – Nov 29, 2026 (week of Nov 23, 2026 so far)');
    expect(periodShown([{ period: '2019' }, { period: '2026' }], 'yearly')).toBe('Yearly · 2019 – 2026');
    expect(periodShown([], 'daily')).toBe('Daily');
  });
});

describe('a chosen range', () => {
  it('is drawn in the finest view of the chart that keeps it to 120 periods at most', () => {
    const activity = chart('subscription-activity-trend');
    expect(viewForRange(activity, { from: '2026-10-01', to: '2026-11-15' })).toBe('daily');
    // This chart has no weekly view: 97 weeks are drawn as 23 months.
    expect(viewForRange(activity, { from: '2025-01-01', to: '2026-11-15' })).toBe('monthly');
    expect(viewForRange(chart('cancellation-reason-trend'), { from: '2025-01-01', to: '2026-11-15' })).toBe('weekly');
    expect(viewForRange(activity, { from: '2010-01-01', to: '2026-11-15' })).toBe('yearly');
  });
});
