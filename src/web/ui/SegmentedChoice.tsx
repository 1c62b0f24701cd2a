import { SegmentedControl, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

export interface SegmentedChoiceProps<V extends string> {
  'aria-label': string;
  value: V;
  onChange(value: V): void;
  data: { value: V; label: string }[];
  /** The width of the select that stands in on phones. */
  selectWidth: number;
}

/** A segmented control; on a phone, where more than three buttons do not fit, a select takes its place. */
export function SegmentedChoice<V extends string>({
  value,
  onChange,
  data,
  selectWidth,
  ...label
}: SegmentedChoiceProps<V>) {
  const narrow = useMediaQuery('(max-width: 30em)') && data.length > 3;
  return narrow ? (
    <Select
      {...label}
      size="xs"
      w={selectWidth}
      allowDeselect={false}
      data={data}
      value={value}
      onChange={(v) => onChange(v as V)}
    />
  ) : (
    <SegmentedControl {...label} size="xs" value={value} onChange={(v) => onChange(v as V)} data={data} />
  );
}
