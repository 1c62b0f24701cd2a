import { useMemo } from 'react';
import { Chart } from './Chart';

/** A donut of named values, coloured in the order of `colors`. */
export function DonutChart({
  data,
  height,
  label,
  colors,
  format = (value) => String(value),
}: {
  data: { name: string; value: number }[];
  height: number;
  label: string;
  colors: readonly string[];
  format?: (value: number) => string;
}) {
  const option = useMemo(
    () => ({
      color: [...colors],
      tooltip: { trigger: 'item' as const, valueFormatter: (v: unknown) => format(Number(v)) },
      // The legend carries each value, so the numbers are readable without hovering; it wraps on narrow screens.
      legend: {
        bottom: 0,
        formatter: (name: string) => `${name}: ${format(data.find((d) => d.name === name)?.value ?? 0)}`,
      },
      series: [{ type: 'pie' as const, radius: ['45%', '70%'], center: ['50%', '42%'], data, label: { show: false } }],
    }),
    [data, colors, format],
  );
  return <Chart option={option} height={height} label={label} />;
}
