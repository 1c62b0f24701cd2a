import type { EChartsOption } from 'echarts';

export interface DonutData {
  data: { name: string; value: number }[];
  colors: readonly string[];
  format?: (value: number) => string;
}

/** The option of a donut of named values, coloured in the order of `colors`, each value in its legend entry. */
export function donutOption({ data, colors, format = (value) => String(value) }: DonutData): EChartsOption {
  return {
    color: [...colors],
    tooltip: { trigger: 'item' as const, valueFormatter: (v: unknown) => format(Number(v)) },
    // The legend carries each value, so the numbers are readable without hovering; it wraps on narrow screens.
    legend: {
      bottom: 0,
      formatter: (name: string) => `${name}: ${format(data.find((d) => d.name === name)?.value ?? 0)}`,
    },
    series: [{ type: 'pie' as const, radius: ['45%', '70%'], center: ['50%', '42%'], data, label: { show: false } }],
  };
}
