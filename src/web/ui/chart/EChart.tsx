import { useEffect, useRef } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import type { ChartOption, ChartProps } from './types';
import { echarts, forScheme, type Scheme } from './library';

// No entry animation: a chart counts as drawn when its data is, not a second later. The card shows through.
const draw = (instance: echarts.ECharts, option: ChartOption, scheme: Scheme) =>
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
