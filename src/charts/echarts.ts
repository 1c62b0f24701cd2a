import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TitleComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// Only what the charts draw is bundled: lines, bars, donuts, their axes, legend and mark lines, and the titles and
// the SVG renderer of a chart's picture, which the server draws too (no DOM: ECharts' server-side mode).
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  SVGRenderer,
]);

export { echarts };
