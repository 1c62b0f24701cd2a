import { Stack } from '@mantine/core';
import { mapEndpoints } from '../../../contract/maps';
import { PageHeader } from '../../ui';
import { MarkerMap } from '../../ui/map/MarkerMap';
import { MarkerLegend } from '../../ui/map/MarkerLegend';
import { useMapMarkers } from '../../ui/map/mapQueries';
import { RequirePermission } from '../auth';

/** The general map page (§2), fed by the general map data: every located member and prospect visit. */
export function MapPage() {
  // The marker map has no permission state of its own: without maps.view say so instead of asking for markers.
  return (
    <RequirePermission permission="maps.view">
      <GeneralMap />
    </RequirePermission>
  );
}

function GeneralMap() {
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
