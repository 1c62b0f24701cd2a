import { useState } from 'react';
import { Stack } from '@mantine/core';
import { GENERAL_MAP_LAYERS } from '../../../contract/maps';
import { PageHeader } from '../../ui';
import { MarkerMap } from './MarkerMap';
import { MarkerLegend } from './MarkerLegend';
import { CoverageControl, CoverageLegend, useCoverageChoice } from './CoverageControl';

/** The general map page (§2), fed by the general map data: every located member and prospect visit. */
export function MapPage() {
  const [total, setTotal] = useState<number>();
  const coverage = useCoverageChoice();
  return (
    <Stack>
      <PageHeader
        title="Map"
        description={total !== undefined ? `${total.toLocaleString('en-US')} markers` : undefined}
        actions={<MarkerLegend images={['customer', 'prospect', 'prospect-converted']} />}
      />
      <CoverageControl choice={coverage} />
      {coverage.on && <CoverageLegend />}
      <MarkerMap
        label="Map of members and prospects"
        layers={GENERAL_MAP_LAYERS}
        onTotal={setTotal}
        coverage={coverage.layer}
      />
    </Stack>
  );
}
