import { Card, Title } from '@mantine/core';
import { MarkerMap } from '../maps';

const HEIGHT = 500;
const MEMBERS = { members: true };

/** Active subscribers on the map, 500 px high. */
export function SubscribersMap() {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="chart-subscribers-map">
      <Title order={2} size="h4" id="chart-subscribers-map" mb="sm">
        Active subscribers
      </Title>
      <MarkerMap layers={MEMBERS} height={HEIGHT} label="Map of active subscribers" />
    </Card>
  );
}
