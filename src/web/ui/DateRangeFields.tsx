import type { DateInputProps } from '@mantine/dates';
import { DateField } from './DateTimeFields';

export interface DateRangeFieldsProps extends Omit<
  DateInputProps,
  'label' | 'value' | 'onChange' | 'minDate' | 'maxDate'
> {
  /** The first and the last day, `YYYY-MM-DD`; empty (or null) when open. */
  from: string | null;
  to: string | null;
  labels: readonly [from: string, to: string];
  /** Called with the end that changed, null when cleared. */
  onChange(change: { from: string | null } | { to: string | null }): void;
}

/**
 * A range of days as two date fields, side by side in the parent's row. Each field's calendar stops at the other's
 * day, so the range cannot be entered backwards.
 */
export function DateRangeFields({ from, to, labels, onChange, ...field }: DateRangeFieldsProps) {
  return (
    <>
      <DateField
        label={labels[0]}
        value={from || null}
        maxDate={to || undefined}
        onChange={(value) => onChange({ from: value })}
        {...field}
      />
      <DateField
        label={labels[1]}
        value={to || null}
        minDate={from || undefined}
        onChange={(value) => onChange({ to: value })}
        {...field}
      />
    </>
  );
}
