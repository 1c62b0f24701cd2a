import { CloseButton, Group, Loader, Text } from '@mantine/core';

/**
 * A filter a chart's point set, named above the list, with a button that clears it. While the name of what it
 * filters by is on its way (`pending`), the chip says so rather than show a bare id that then changes.
 */
export function FilterChip({
  label,
  value,
  pending = false,
  clearLabel,
  onClear,
}: {
  label: string;
  value: string;
  pending?: boolean;
  clearLabel: string;
  onClear(): void;
}) {
  return (
    <Group gap={4}>
      <Text size="sm" aria-busy={pending}>
        {label}:{' '}
        {pending ? (
          <Loader size="xs" type="dots" aria-label={`Loading the ${label.toLowerCase()}`} display="inline-block" />
        ) : (
          <strong>{value}</strong>
        )}
      </Text>
      <CloseButton size="sm" aria-label={clearLabel} onClick={onClear} />
    </Group>
  );
}
