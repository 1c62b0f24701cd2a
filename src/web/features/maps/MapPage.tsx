import { Stack } from '@mantine/core';
import { mapEndpoints } from '../../../contract/maps';
import { PageHeader } from '../../ui';
import { MarkerMap } from '../../ui/map/MarkerMap';
import { MarkerLegend } from '../../ui/map/MarkerLegend';
import { useMapMarkers } from '../../ui/map/mapQueries';

/** The general map page (§2), fed by the general map data: every located member and prospect visit. */
export function MapPage() {
  const markers = useMapMarkers(mapEndpoints.general, {});
  return (
    <Stack>
      <PageHeader
        title="Map"
        description={markers.data ? `${markers.data.length.toLocaleString('en-US')} markers` : undefined}
        actions={<MarkerLegend images={['customer', 'prospect', 'prospect-converted']} />}
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
