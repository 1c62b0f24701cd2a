import { useMemo } from 'react';
import { DONUT_PALETTE } from '../../../contract/business';
import { Chart } from './Chart';

/** A donut of named values; colours default to the five-colour donut palette (§2). */
export function DonutChart({
  data,
  height,
  label,
  colors = DONUT_PALETTE,
  format = (value) => String(value),
}: {
  data: { name: string; value: number }[];
  height: number;
  label: string;
  colors?: readonly string[];
  format?: (value: number) => string;
}) {
  const option = useMemo(
    () => ({
      color: [...colors],
      tooltip: { trigger: 'item' as const, valueFormatter: (v: unknown) => format(Number(v)) },
      legend: { bottom: 0, type: 'scroll' as const },
      series: [{ type: 'pie' as const, radius: ['45%', '70%'], center: ['50%', '45%'], data, label: { show: false } }],
    }),
    [data, colors, format],
  );
  return <Chart option={option} height={height} label={label} />;
}
