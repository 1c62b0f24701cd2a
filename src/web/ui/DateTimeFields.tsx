import { useState } from 'react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { TextInput, type TextInputProps } from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';
import { DATE_FORMAT, TIME_FORMAT } from './dates';

dayjs.extend(customParseFormat);

/** Typed text is read as MM/DD/YYYY (also M/D/YYYY); anything else is no date. */
export function parseDate(text: string): string | null {
  const parsed = dayjs(text.trim(), ['MM/DD/YYYY', 'M/D/YYYY'], true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}

/** A date input showing and reading MM/DD/YYYY; its value is `YYYY-MM-DD` (or null), as the API takes dates. */
export function DateField(props: DateInputProps) {
  return <DateInput valueFormat={DATE_FORMAT} dateParser={parseDate} placeholder="MM/DD/YYYY" clearable {...props} />;
}

const TIME_INPUTS = ['h:mm A', 'h:mmA', 'hh:mm A', 'hh:mmA', 'h A', 'hA', 'H:mm', 'HH:mm'];

/** Reads "2:05 PM", "2:05pm", "2 PM" or 24-hour "14:05" as `HH:mm`; anything else is no time. */
export function parseTime(text: string): string | null {
  const parsed = dayjs(
    `2000-01-01 ${text.trim().toUpperCase()}`,
    TIME_INPUTS.map((f) => `YYYY-MM-DD ${f}`),
    true,
  );
  return parsed.isValid() ? parsed.format('HH:mm') : null;
}

/** `HH:mm` (24-hour) as h:mm A. */
export function formatTime(value: string): string {
  const parsed = dayjs(`2000-01-01 ${value}`, ['YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss'], true);
  return parsed.isValid() ? parsed.format(TIME_FORMAT) : value;
}

export const TIME_FORMAT_MESSAGE = 'Enter a time like 9:30 AM.';

export interface TimeFieldProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** 24-hour `HH:mm`, or '' for none. */
  value: string;
  onChange(value: string): void;
}

/** A time input showing and reading h:mm A; its value is 24-hour `HH:mm` (or ''), as the API takes times. */
export function TimeField({ value, onChange, error, onBlur, ...rest }: TimeFieldProps) {
  const [text, setText] = useState(() => (value ? formatTime(value) : ''));
  const [shown, setShown] = useState(value);
  const [invalid, setInvalid] = useState(false);
  // Follow values set from outside (a form reset), but not the echo of what was just typed.
  if (value !== shown) {
    setShown(value);
    if (value !== parseTime(text)) setText(value ? formatTime(value) : '');
  }
  return (
    <TextInput
      placeholder="h:mm AM"
      leftSection={<IconClock size={16} aria-hidden />}
      inputMode="text"
      autoComplete="off"
      {...rest}
      value={text}
      error={error ?? (invalid ? TIME_FORMAT_MESSAGE : undefined)}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setInvalid(false);
        const parsed = next.trim() ? parseTime(next) : '';
        if (parsed !== null && parsed !== value) {
          setShown(parsed);
          onChange(parsed);
        }
      }}
      onBlur={(event) => {
        const parsed = text.trim() ? parseTime(text) : '';
        if (parsed === null) setInvalid(true);
        else setText(parsed ? formatTime(parsed) : '');
        onBlur?.(event);
      }}
    />
  );
}
