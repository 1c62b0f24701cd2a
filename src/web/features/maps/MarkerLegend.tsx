import { Group, Text } from '@mantine/core';
import { MARKER_LABELS, type MarkerImage } from '../../../contract/maps';
import { MARKER_COLORS } from './icons';

const LABELS: Record<MarkerImage, string> = {
  customer: MARKER_LABELS.customer,
  prospect: MARKER_LABELS.prospect,
  'prospect-converted': MARKER_LABELS.converted,
};

/** What each marker colour stands for, for the pictures a map can show. */
export function MarkerLegend({ images }: { images: MarkerImage[] }) {
  return (
    <Group gap="md" role="list" aria-label="Legend">
      {images.map((image) => (
        <Group key={image} gap={6} role="listitem">
          <span
            style={{
              width: 12,
              height: 12,
              borderRadius: 6,
              background: MARKER_COLORS[image],
              display: 'inline-block',
            }}
            aria-hidden
          />
          <Text size="sm">{LABELS[image]}</Text>
        </Group>
      ))}
    </Group>
  );
}
