import type { EChartsOption } from 'echarts';

/** What a chart draws, in ECharts' own terms. */
export type ChartOption = EChartsOption;

export interface ChartPoint {
  /** The point's position in the series' data (the period's row). */
  dataIndex: number;
  seriesName: string;
}

export interface ChartProps {
  option: ChartOption;
  height: number;
  label: string;
  /** A point or bar clicked: the page opens what it stands for. */
  onPointClick?: (point: ChartPoint) => void;
}
