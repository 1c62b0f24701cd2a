import { TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartOption } from './types';
import { echarts } from '../../../charts/echarts';
import { GRAPHIC_CONTRAST, readable } from '../contrast';

// On the page, charts are drawn on canvas and answer the pointer with a tooltip.
echarts.use([TooltipComponent, CanvasRenderer]);

import type { Scheme } from '../../../charts/picture';

export { echarts };
export type { Scheme };

/** The dark card behind a chart; a series colour made for white paper (the spec's dark gray) is lightened to show on it. */
const DARK_CARD = '#2e2e2e';
const onDark = (c: unknown) => (typeof c === 'string' ? readable(c, [DARK_CARD], 'lighter', GRAPHIC_CONTRAST) : c);

/** The option as drawn in a scheme: on dark, the palette and the colours set on single series are lightened. */
export function forScheme(option: ChartOption, scheme: Scheme): ChartOption {
  if (scheme !== 'dark') return option;
  const series = Array.isArray(option.series)
    ? option.series.map((s) => ('color' in s && s.color ? { ...s, color: onDark(s.color) } : s))
    : option.series;
  return {
    ...option,
    ...(Array.isArray(option.color) && { color: option.color.map(onDark) }),
    ...(series && { series }),
  } as ChartOption;
}
