import { describe, expect, it } from 'vitest';
import { trendOption, unfinishedFrom } from '../../../charts/dashboard/trend-option';
import { periodRange, TREND_CHARTS, type TrendChartDef } from '../../../charts/dashboard/trends';
import { modelReturnsAddress } from './drills';
import { trendTable } from './trendTable';

const chart = (endpoint: TrendChartDef['endpoint']) => TREND_CHARTS.find((c) => c.endpoint === endpoint)!;

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
