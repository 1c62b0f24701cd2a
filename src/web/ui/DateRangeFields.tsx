import { useState } from 'react';
import type { DateInputProps } from '@mantine/dates';
import { DateField } from './DateTimeFields';
import { formatDate } from './dates';

export interface DateRangeFieldsProps extends Omit<
  DateInputProps,
  'label' | 'value' | 'onChange' | 'minDate' | 'maxDate' | 'error' | 'aria-label' | 'excludeDate'
> {
  /** The first and the last day, `YYYY-MM-DD`; empty (or null) when open. */
  from: string | null;
  to: string | null;
  labels: readonly [from: string, to: string];
  /** Names for assistive technology where the visible labels alone would be ambiguous on the page. */
  accessibleNames?: readonly [from: string, to: string];
  /** Called with the ends that changed (null when cleared), only ever with the first day on or before the last. */
  onChange(change: { from?: string | null; to?: string | null }): void;
}

type End = 'from' | 'to';
type Range = Record<End, string | null>;

const ordered = ({ from, to }: Range) => !from || !to || from <= to;
const messages: Record<End, (other: string) => string> = {
  from: (to) => `The start must be on or before ${formatDate(to)}.`,
  to: (from) => `The end must be on or after ${formatDate(from)}.`,
};

/**
 * A range of days as two date fields, side by side in the parent's row. Each field's calendar stops at the other's
 * day; a day typed on the wrong side of the other end is kept in its field with a message there and not handed on,
 * so what the range applies to stays as it was until both ends agree (it is never dropped without a word).
 */
export function DateRangeFields({ from, to, labels, accessibleNames, onChange, ...field }: DateRangeFieldsProps) {
  const applied: Range = { from: from || null, to: to || null };
  // What was typed and not applied, and which end it was typed in; dropped when the range changes from outside.
  const [draft, setDraft] = useState<{ range: Range; end: End; basis: Range } | null>(null);
  const current = draft && draft.basis.from === applied.from && draft.basis.to === applied.to ? draft : null;
  const shown = current?.range ?? applied;

  const change = (end: End, value: string | null) => {
    const range = { ...shown, [end]: value };
    if (ordered(range)) {
      setDraft(null);
      const changed = (['from', 'to'] as const).filter((e) => range[e] !== applied[e]);
      if (changed.length) onChange(Object.fromEntries(changed.map((e) => [e, range[e]])));
    } else setDraft({ range, end, basis: applied });
  };
  const error = (end: End) => {
    if (current?.end !== end) return undefined;
    const other = current.range[end === 'from' ? 'to' : 'from']!;
    return messages[end](other);
  };

  return (
    <>
      <DateField
        label={labels[0]}
        aria-label={accessibleNames?.[0]}
        value={shown.from}
        // The calendar offers only days on the right side; typing is checked instead of being silently undone.
        excludeDate={(day) => !!shown.to && day > shown.to}
        error={error('from')}
        onChange={(value) => change('from', value)}
        {...field}
      />
      <DateField
        label={labels[1]}
        aria-label={accessibleNames?.[1]}
        value={shown.to}
        excludeDate={(day) => !!shown.from && day < shown.from}
        error={error('to')}
        onChange={(value) => change('to', value)}
        {...field}
      />
    </>
  );
}
