import { Group, Stack, Text } from '@mantine/core';
import { mapPaths } from '../../../contract/maps';
import { PageHeader } from '../../ui';
import { MarkerMap } from '../../ui/map/MarkerMap';
import { MARKER_COLORS } from '../../ui/map/icons';
import { useMapMarkers } from '../../ui/map/mapQueries';

const LEGEND = [
  { color: MARKER_COLORS.customer, label: 'Existing member' },
  { color: MARKER_COLORS.prospect, label: 'Prospect' },
  { color: MARKER_COLORS['prospect-converted'], label: 'Converted prospect' },
];

/** The general map page (§2), fed by GET /admin/map-data: every located member and prospect visit. */
export function MapPage() {
  const markers = useMapMarkers(mapPaths.general);
  return (
    <Stack>
      <PageHeader
        title="Map"
        description={markers.data ? `${markers.data.length.toLocaleString('en-US')} markers` : undefined}
        actions={
          <Group gap="md" aria-label="Legend">
            {LEGEND.map((l) => (
              <Group key={l.label} gap={6}>
                <span
                  style={{ width: 12, height: 12, borderRadius: 6, background: l.color, display: 'inline-block' }}
                  aria-hidden
                />
                <Text size="sm">{l.label}</Text>
              </Group>
            ))}
          </Group>
        }
      />
      <MarkerMap
        label="Map of members and prospects"
        markers={markers.data}
        loading={markers.isFetching}
        error={markers.isError}
        onRetry={() => void markers.refetch()}
      />
    </Stack>
  );
}
