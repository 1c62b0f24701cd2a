import { useCallback, useState } from 'react';
import { Checkbox, Group, Select, Text } from '@mantine/core';
import type { CoverageView } from '../../../contract/maps';
import { COVERAGE_LEGEND, NO_SERVICE } from './coverage-colours';

/** Whether the coverage layer is on and for which carrier: off by default, the first carrier until one is chosen. */
export function useCoverageChoice() {
  const [on, setOn] = useState(false);
  const [carrier, setCarrier] = useState<number>();
  const [carriers, setCarriers] = useState<CoverageView['carriers']>([]);
  const onAnswer = useCallback((answer: Pick<CoverageView, 'carriers' | 'carrierId'>) => {
    setCarriers(answer.carriers);
    if (answer.carrierId !== null) setCarrier(answer.carrierId);
  }, []);
  return { on, setOn, carrier, setCarrier, carriers, layer: on ? { carrier, onAnswer } : undefined };
}

/** The layer's switch and carrier choice, among a map's layer controls. */
export function CoverageControl({ choice }: { choice: ReturnType<typeof useCoverageChoice> }) {
  return (
    <Group gap="sm">
      <Checkbox label="Show coverage" checked={choice.on} onChange={(e) => choice.setOn(e.currentTarget.checked)} />
      {choice.on && (
        <Select
          aria-label="Carrier"
          placeholder="Carrier"
          w={150}
          allowDeselect={false}
          // Above the map's panes and controls (Leaflet's reach z-index 1000), which it opens over.
          comboboxProps={{ zIndex: 1100 }}
          value={choice.carrier === undefined ? null : String(choice.carrier)}
          onChange={(value) => value && choice.setCarrier(Number(value))}
          data={choice.carriers.map((c) => ({ value: String(c.id), label: c.name }))}
        />
      )}
    </Group>
  );
}

/** What each hexagon colour stands for: median Mbps of the speed tests in it. */
export function CoverageLegend() {
  return (
    <Group gap="md" role="list" aria-label="Coverage legend">
      {COVERAGE_LEGEND.map(({ label, colour }) => (
        <Group key={label} gap={6} role="listitem">
          <span
            style={{
              width: 14,
              height: 12,
              background: colour,
              border: label === NO_SERVICE.label ? `2px dashed ${colour}` : '1px solid #5f3dc4',
              clipPath: 'polygon(25% 0, 75% 0, 100% 50%, 75% 100%, 25% 100%, 0 50%)',
              display: 'inline-block',
            }}
            aria-hidden
          />
          <Text size="sm">{label}</Text>
        </Group>
      ))}
    </Group>
  );
}
