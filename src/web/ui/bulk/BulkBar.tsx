import type { ReactNode } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';

/** The actions for the rows chosen in a list, shown while any are: "3 chosen", the actions, Clear. */
export function BulkBar({ count, onClear, children }: { count: number; onClear(): void; children: ReactNode }) {
  if (!count) return null;
  return (
    <Paper withBorder p="xs" role="region" aria-label="Actions for the chosen rows">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600} aria-live="polite">
          {count} chosen
        </Text>
        {children}
        <Button variant="subtle" size="xs" onClick={onClear}>
          Clear
        </Button>
      </Group>
    </Paper>
  );
}
