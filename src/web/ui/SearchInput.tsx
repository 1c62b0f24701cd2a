import { useState } from 'react';
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

export interface SearchInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  /** Called once typing pauses for `delay` ms (and at once when cleared). */
  onChange(value: string): void;
  delay?: number;
}

/** A search box that reports its text after typing pauses, so lists are not re-queried per keystroke. */
export function SearchInput({
  value,
  onChange,
  delay = 300,
  placeholder = 'Search',
  label,
  ...rest
}: SearchInputProps) {
  const [text, setText] = useState(value);
  const report = useDebouncedCallback(onChange, delay);

  // The parent may reset the search (e.g. a "clear filters" button): follow it.
  const [reported, setReported] = useState(value);
  if (value !== reported) {
    setReported(value);
    setText(value);
  }

  return (
    <TextInput
      type="search"
      label={label}
      aria-label={label ? undefined : placeholder}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              report.cancel();
              onChange('');
            }}
          />
        ) : null
      }
      {...rest}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
    />
  );
}
