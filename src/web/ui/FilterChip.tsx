import { CloseButton, Group, Text } from '@mantine/core';

/** A filter a chart's point set, named above the list, with a button that clears it. */
export function FilterChip({
  label,
  value,
  clearLabel,
  onClear,
}: {
  label: string;
  value: string;
  clearLabel: string;
  onClear(): void;
}) {
  return (
    <Group gap={4}>
      <Text size="sm">
        {label}: <strong>{value}</strong>
      </Text>
      <CloseButton size="sm" aria-label={clearLabel} onClick={onClear} />
    </Group>
  );
}
