import { describe, expect, it } from 'vitest';
import { PALETTE_17 } from '../../../contract/business';
import { percentage, STATS_ENDPOINTS } from '../../../contract/stats';
import {
  hoverLines,
  isEmptyTrend,
  periodLabel,
  periodShown,
  seriesOf,
  trendOption,
  trendTable,
  unfinishedFrom,
} from './chartOptions';
import { modelReturnsAddress, periodRange, TREND_CHARTS, viewForRange, type TrendChartDef } from './charts';

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

describe('tables, click-through and comparison', () => {
  const def = chart('subscription-activity-trend');
  const rows = [
    { period: '2026-10', orders: 5, returns: 1, cancellations: 0, net: 4 },
    { period: '2026-11', orders: 3, returns: 1, cancellations: 1, net: 1 },
  ];
  const before = [
    { period: '2025-10', orders: 2, returns: 0, cancellations: 0, net: 2 },
    { period: '2025-11', orders: 7, returns: 2, cancellations: 0, net: 5 },
  ];

  it('tables exactly the series drawn, each period in full with its year, each value linking to its rows', () => {
    const table = trendTable(def, rows, 'monthly', new Set(['Net Subscriptions']));
    expect(table.columns).toEqual(['Month', 'New Orders', '21-Day Returns', 'Cancellations']);
    expect(table.rows).toEqual([
      ['2026-10', 5, 1, 0],
      ['2026-11', 3, 1, 1],
    ]);
    expect(table.href!(1, 1)).toBe('/admin/subscriptions?from=2026-11-01&to=2026-11-30&needsReason=0');
    expect(table.href!(0, 2)).toBe(
      '/admin/subscription-cancellations?type=return&from=2026-10-01&to=2026-10-31&needsReason=0',
    );
  });

  it('opens the cancellations of one reason and period from the reasons chart, by the reason’s id', () => {
    const reasons = chart('cancellation-reason-trend');
    const table = trendTable(reasons, [{ period: '2026-10', Moved: 2, Price: 1 }], 'monthly', new Set(), undefined, {
      ids: new Map([['Moved', 7]]),
    });
    expect(table.href!(0, table.columns.indexOf('Moved'))).toBe(
      '/admin/subscription-cancellations?reasonId=7&from=2026-10-01&to=2026-10-31&needsReason=0',
    );
    // A series whose reason is unknown here opens nothing rather than a wrong list.
    expect(table.href!(0, table.columns.indexOf('Price'))).toBeNull();
  });

  it('opens the device swaps of one supplier and period from the swaps chart, by the supplier’s id', () => {
    const swaps = chart('swaps-by-supplier-trend');
    const table = trendTable(swaps, [{ period: '2026-02', Acme: 3, Gone: 1 }], 'monthly', new Set(), undefined, {
      ids: new Map([['Acme', 4]]),
    });
    expect(table.href!(0, table.columns.indexOf('Acme'))).toBe(
      '/admin/device-swaps?supplierId=4&from=2026-02-01&to=2026-02-28',
    );
    expect(table.href!(0, table.columns.indexOf('Gone'))).toBeNull();
  });

  it('opens the 21-day returns of one return reason and period from the return reasons chart', () => {
    const returns = chart('subscription-return-reason-trend');
    const table = trendTable(returns, [{ period: '2026-10', 'Changed Mind': 2, Lost: 1 }], 'monthly');
    expect(table.href!(0, table.columns.indexOf('Changed Mind'))).toBe(
      '/admin/subscription-cancellations?type=return&returnReasonId=2&from=2026-10-01&to=2026-10-31&needsReason=0',
    );
    // A return reason the contract does not list opens nothing rather than a wrong list.
    expect(table.href!(0, table.columns.indexOf('Lost'))).toBeNull();
  });

  it('opens the 21-day returns of one model among the latest devices from returns by product, none for SIM Only', () => {
    expect(modelReturnsAddress(12, 100)).toBe(
      '/admin/subscription-cancellations?type=return&productId=12&latestDevices=100&needsReason=0',
    );
    expect(modelReturnsAddress(null, 100)).toBeNull();
  });

  it('spans each kind of period with the business days it counts', () => {
    expect(periodRange('2026-11-03', 'daily')).toEqual({ from: '2026-11-03', to: '2026-11-03' });
    expect(periodRange('2026-12-28', 'weekly')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(periodRange('2024-02', 'monthly')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodRange('2025', 'yearly')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('draws the stretch before as a faint dashed twin of each series, in its table and its hover too', () => {
    const option = trendOption(def, rows, 'monthly', new Set(), before);
    const series = option.series as { name: string; data: number[]; lineStyle?: { type: string } }[];
    const twin = series.find((s) => s.name === 'New Orders (previous)')!;
    expect(twin.data).toEqual([2, 7]);
    expect(twin.lineStyle?.type).toBe('dashed');
    const table = trendTable(def, rows, 'monthly', new Set(), before);
    expect(table.columns.slice(5)).toEqual([
      'Previous month',
      'New Orders (previous)',
      '21-Day Returns (previous)',
      'Cancellations (previous)',
      'Net Subscriptions (previous)',
    ]);
    expect(table.rows[1]!.slice(5)).toEqual(['2025-11', 7, 2, 0, 5]);
    expect(table.href!(1, 6)).toBeNull();
    const hover = (option.tooltip as { formatter: (p: unknown) => string }).formatter([{ dataIndex: 1 }]);
    expect(hover).toContain('New Orders (previous): 7');
  });
});

describe('the stretch compared with, in the legend', () => {
  const def = chart('subscription-activity-trend');
  const rows = [{ period: '2026-11', orders: 3, returns: 1, cancellations: 1, net: 1 }];
  const before = [{ period: '2025-11', orders: 7, returns: 2, cancellations: 0, net: 5 }];

  it('switches a previous stretch off on its own, leaving its series drawn, and leaves it out of the table', () => {
    const hidden = new Set(['New Orders (previous)']);
    const legend = trendOption(def, rows, 'monthly', hidden, before).legend as { selected: Record<string, boolean> };
    expect(legend.selected['New Orders (previous)']).toBe(false);
    expect(legend.selected['New Orders']).toBe(true);
    expect(legend.selected['21-Day Returns (previous)']).toBe(true);
    const table = trendTable(def, rows, 'monthly', hidden, before);
    expect(table.columns).toContain('New Orders');
    expect(table.columns).not.toContain('New Orders (previous)');
    expect(table.columns).toContain('21-Day Returns (previous)');
  });
});

describe('the period still under way', () => {
  const renewals = chart('renewals-trend');
  const days = [
    { period: '2026-11-26', gross: 120, net: 90 },
    { period: '2026-11-27', gross: 140, net: 100 },
    { period: '2026-11-28', gross: 0, net: 0 },
  ];
  type Drawn = {
    name: string;
    data: (number | null | { value: number; symbol?: string; label?: { formatter: string } })[];
    lineStyle?: { type: string };
    symbol?: string;
  };

  it('is the last period of a view, and of a chosen range only when that range reaches today', () => {
    expect(unfinishedFrom(days, 'daily')).toBe(2);
    expect(unfinishedFrom(days, 'daily', { from: '2026-11-26', to: '2026-11-28' }, '2026-11-28')).toBe(2);
    expect(unfinishedFrom(days, 'daily', { from: '2026-11-26', to: '2026-11-28' }, '2026-12-01')).toBe(-1);
    // A whole month drawn for a range ending yesterday is still under way when the month is.
    const months = [{ period: '2026-10' }, { period: '2026-11' }];
    expect(unfinishedFrom(months, 'monthly', { from: '2026-10-01', to: '2026-11-27' }, '2026-11-28')).toBe(1);
  });

  it('is not drawn as a finished value: the line stops at the last finished day, then a dashed stretch to a hollow point labelled "so far"', () => {
    const series = trendOption(renewals, days, 'daily', new Set(), undefined, 2).series as Drawn[];
    const gross = series.filter((s) => s.name === 'Gross');
    expect(gross).toHaveLength(2);
    const [finished, soFar] = gross as [Drawn, Drawn];
    expect(finished.data).toEqual([120, 140, null]);
    expect(soFar.lineStyle?.type).toBe('dashed');
    expect(soFar.symbol).toBe('emptyCircle');
    expect(soFar.data[0]).toBeNull();
    expect(soFar.data[1]).toEqual({ value: 140, symbol: 'none' });
    expect((soFar.data[2] as { value: number }).value).toBe(0);
    // Said once, by the last series shown.
    const labels = series.flatMap((s) => s.data.filter((d) => d && typeof d === 'object' && 'label' in d));
    expect(labels).toEqual([expect.objectContaining({ label: expect.objectContaining({ formatter: 'so far' }) })]);
    expect(series.find((s) => s.name === 'Est. Net' && s.lineStyle?.type === 'dashed')!.data[2]).toHaveProperty(
      'label',
    );
  });

  it('says "so far" in the hover of that period only', () => {
    const option = trendOption(renewals, days, 'daily', new Set(), undefined, 2);
    const hover = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(hover([{ dataIndex: 2 }])).toMatch(/^Nov 28 \(so far\)<br>/);
    expect(hover([{ dataIndex: 1 }])).toMatch(/^Nov 27<br>/);
  });

  it('fades the bars of that period in a stacked bar chart and labels its top "so far"', () => {
    const reasons = chart('cancellation-reason-trend');
    const rows = [
      { period: '2026-10', Moving: 1, Price: 2 },
      { period: '2026-11', Moving: 1, Price: 0 },
    ];
    const series = trendOption(reasons, rows, 'monthly', new Set(), undefined, 1).series as {
      data: (number | { value: number; itemStyle: { opacity: number }; label?: unknown })[];
    }[];
    expect(series).toHaveLength(2);
    expect(series[0]!.data[0]).toBe(1);
    expect(series[0]!.data[1]).toMatchObject({ value: 1, itemStyle: { opacity: 0.45 } });
    expect(series[0]!.data[1]).not.toHaveProperty('label');
    expect(series[1]!.data[1]).toHaveProperty('label.formatter', 'so far');
  });

  it('draws every period as finished when none is under way', () => {
    const series = trendOption(renewals, days, 'daily').series as Drawn[];
    expect(series.map((s) => s.name)).toEqual(['Gross', 'Est. Net']);
    expect(series[0]!.data).toEqual([120, 140, 0]);
  });

  it('is marked in a column of its own in the table and its CSV, the values left as numbers, after any compared stretch', () => {
    const table = trendTable(renewals, days, 'daily', new Set(), undefined, undefined, 2);
    expect(table.columns).toEqual(['Day', 'Gross', 'Est. Net', 'So far']);
    expect(table.rows).toEqual([
      ['2026-11-26', 120, 90, ''],
      ['2026-11-27', 140, 100, ''],
      ['2026-11-28', 0, 0, 'yes'],
    ]);
    const compared = trendTable(renewals, days, 'daily', new Set(), days, undefined, 2);
    expect(compared.columns.at(-1)).toBe('So far');
    expect(compared.rows[2]!.at(-1)).toBe('yes');
    expect(table.flaggedAs).toBe('so far');
    expect(trendTable(renewals, days, 'daily').columns).not.toContain('So far');
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
