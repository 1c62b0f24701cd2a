import { Button, Group, type GroupProps } from '@mantine/core';

export interface FilterBarProps extends GroupProps {
  /** Whether any filter is set: only then is there something to reset. */
  filtered: boolean;
  onReset(): void;
}

/** A list's filters in a row that wraps on narrow screens, lined up on their inputs, with a reset while any is set. */
export function FilterBar({ filtered, onReset, children, ...group }: FilterBarProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" {...group}>
      {children}
      {filtered && (
        // Raised to the middle of the inputs beside it, which the row lines up by their bottom edge.
        <Button variant="subtle" size="compact-sm" mb={6} onClick={onReset}>
          Reset filters
        </Button>
      )}
    </Group>
  );
}
