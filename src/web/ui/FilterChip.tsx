import { CloseButton, Group, Skeleton, Text } from '@mantine/core';

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
      {/* A div, not a paragraph: the placeholder is a block drawn inline. */}
      <Text component="div" size="sm" aria-busy={pending}>
        {label}:{' '}
        {pending ? (
          <Skeleton
            role="status"
            aria-label={`Loading the ${label.toLowerCase()}`}
            display="inline-block"
            height="0.9em"
            width="8em"
            radius="sm"
            style={{ verticalAlign: 'middle' }}
          />
        ) : (
          <strong>{value}</strong>
        )}
      </Text>
      <CloseButton size="sm" aria-label={clearLabel} onClick={onClear} />
    </Group>
  );
}
