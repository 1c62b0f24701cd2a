import { Group, UnstyledButton, Text, Box } from '@mantine/core';

export interface LegendItem {
  name: string;
  color: string;
  /** A faint dashed line (a stretch compared with): its swatch is a dashed stroke, as drawn. */
  dashed?: boolean;
}

/** A series' swatch: a square, or a short dashed stroke for a dashed series; gray while it is switched off. */
function Swatch({ item, shown }: { item: LegendItem; shown: boolean }) {
  const color = shown ? item.color : 'var(--mantine-color-gray-4)';
  return item.dashed ? (
    <Box w={16} h={0} style={{ borderTop: `3px dashed ${color}`, opacity: shown ? 0.7 : 1 }} />
  ) : (
    <Box w={12} h={12} style={{ borderRadius: 3, background: color }} />
  );
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
              <Swatch item={item} shown={shown} />
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
