import { Group, UnstyledButton, Text, Box } from '@mantine/core';

export interface LegendItem {
  name: string;
  color: string;
}

/**
 * A chart's legend as page content: every series name visible, wrapping onto more lines on narrow screens, and
 * each a toggle button that shows or hides its series.
 */
export function ChartLegend({
  items,
  hidden,
  onToggle,
  label,
}: {
  items: LegendItem[];
  hidden: ReadonlySet<string>;
  onToggle(name: string): void;
  label: string;
}) {
  return (
    <Group gap="xs" justify="center" mt="xs" role="group" aria-label={label}>
      {items.map((item) => {
        const shown = !hidden.has(item.name);
        return (
          <UnstyledButton key={item.name} aria-pressed={shown} onClick={() => onToggle(item.name)}>
            <Group gap={6} wrap="nowrap">
              <Box
                w={12}
                h={12}
                style={{ borderRadius: 3, background: shown ? item.color : 'var(--mantine-color-gray-4)' }}
              />
              <Text size="xs" td={shown ? undefined : 'line-through'}>
                {item.name}
              </Text>
            </Group>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
