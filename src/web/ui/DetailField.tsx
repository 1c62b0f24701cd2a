import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** One labelled value of a detail page; long identifiers wrap instead of widening the page on phones. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
