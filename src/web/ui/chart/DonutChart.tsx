import { useMemo } from 'react';
import { donutOption, type DonutData } from '../../../charts/donut';
import { Chart } from './Chart';

/** A donut of named values, coloured in the order of `colors`. */
export function DonutChart({ data, height, label, colors, format }: DonutData & { height: number; label: string }) {
  const option = useMemo(() => donutOption({ data, colors, format }), [data, colors, format]);
  return <Chart option={option} height={height} label={label} />;
}
