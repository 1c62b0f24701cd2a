import { Card, Title } from '@mantine/core';
import { mapEndpoints } from '../../../contract/maps';
import { MarkerMap } from '../../ui/map/MarkerMap';
import { useMapMarkers } from '../../ui/map/mapQueries';

const HEIGHT = 500;

/** Active subscribers on the map, 500 px high. */
export function SubscribersMap() {
  const markers = useMapMarkers(mapEndpoints.customers, {});
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="chart-subscribers-map">
      <Title order={2} size="h4" id="chart-subscribers-map" mb="sm">
        Active subscribers
      </Title>
      <MarkerMap
        markers={markers.data}
        height={HEIGHT}
        label="Map of active subscribers"
        loading={markers.isLoading}
        error={markers.isError}
        onRetry={() => void markers.refetch()}
      />
    </Card>
  );
}
