import { useEffect, useRef } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartOption, ChartProps } from './types';
import { GRAPHIC_CONTRAST, readable } from '../contrast';

// Only what the charts use is bundled: lines, bars, donuts, their axes, legend, tooltip and mark lines, on canvas.
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** The dark card behind a chart; a series colour made for white paper (the spec's dark gray) is lightened to show on it. */
const DARK_CARD = '#2e2e2e';
const forScheme = (option: ChartOption, scheme: 'light' | 'dark'): ChartOption =>
  scheme === 'dark' && Array.isArray(option.color)
    ? {
        ...option,
        color: option.color.map((c) =>
          typeof c === 'string' ? readable(c, [DARK_CARD], 'lighter', GRAPHIC_CONTRAST) : c,
        ),
      }
    : option;

// No entry animation: a chart counts as drawn when its data is, not a second later. The card shows through.
const draw = (instance: echarts.ECharts, option: ChartOption, scheme: 'light' | 'dark') =>
  instance.setOption(
    { animation: false, backgroundColor: 'transparent', ...forScheme(option, scheme) } as echarts.EChartsCoreOption,
    { notMerge: true },
  );

/** One ECharts instance in a div; `data-drawn` is set once the first frame is painted (tests and the benchmark wait on it). */
export default function EChart({ option, height, label, onPointClick }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef(option);
  const clicked = useRef(onPointClick);
  useEffect(() => {
    clicked.current = onPointClick;
  }, [onPointClick]);
  // The chart follows the page's colour scheme: a new scheme draws it anew with ECharts' own dark theme.
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    const el = ref.current!;
    const instance = echarts.init(el, scheme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    draw(instance, latest.current, scheme);
    instance.on('finished', () => el.setAttribute('data-drawn', 'true'));
    instance.on('click', (p) => {
      if (typeof p.dataIndex === 'number' && p.seriesName)
        clicked.current?.({ dataIndex: p.dataIndex, seriesName: p.seriesName });
    });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [scheme]);

  useEffect(() => {
    latest.current = option;
    if (chart.current) draw(chart.current, option, scheme);
  }, [option, scheme]);

  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
