import type { EChartsOption } from 'echarts';
import { BRAND_COLORS } from '../../contract/business';
import { latestDeployed, type ReturnRateRow } from '../../contract/stats';

/** 21-day returns by product (§2): bars by model of the returns among the latest N deployed devices. */
export const RETURNS_TITLE = '21-day returns by product';
export const RETURNS_HEIGHT = 400;

/** The chart's option for its rows, as the page draws it and its pictures show it. */
export function returnsOption(rows: ReturnRateRow[]): EChartsOption {
  return {
    color: [BRAND_COLORS.red],
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' as const, confine: true },
    // Horizontal bars keep long model names readable on a phone; the most returned model is on top. Every model is
    // named while the names fit; past that (scores of models in 400 px) the axis skips some rather than overprint.
    yAxis: {
      type: 'category' as const,
      inverse: true,
      data: rows.map((r) => r.model),
      axisLabel: { interval: 'auto', width: 130, overflow: 'truncate' as const },
    },
    xAxis: { type: 'value' as const, minInterval: 1 },
    series: [{ name: 'Returns', type: 'bar' as const, data: rows.map((r) => r.returns) }],
  };
}

/** The period line of its picture: which devices are counted. */
export const returnsPeriod = latestDeployed;
