import { useMemo, useState } from 'react';
import { Checkbox, Group, SegmentedControl, Stack } from '@mantine/core';
import { mapEndpoints, PROSPECT_MAP_FIRST_SUBSET, type VisitLayer } from '../../../contract/maps';
import { PageHeader } from '../../ui';
import { MarkerLegend } from './MarkerLegend';
import { MarkerMap } from './MarkerMap';
import { CoverageControl, CoverageLegend, useCoverageChoice } from './CoverageControl';
import { useCan } from '../auth';

type Subset = VisitLayer;
const SUBSETS: { value: Subset; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'unconverted', label: 'Unconverted' },
  { value: 'converted', label: 'Converted' },
  { value: 'all', label: 'All' },
];

/** Prospect visits by subset (§2), with existing members overlaid on demand. */
export function ProspectMapPage() {
  const [subset, setSubset] = useState<Subset>(PROSPECT_MAP_FIRST_SUBSET);
  const can = useCan();
  // The members' markers are the office's: a rep's map shows their own visits only.
  const mayShowMembers = can(mapEndpoints.customers.access);
  const [showMembers, setShowMembers] = useState(false);
  const coverage = useCoverageChoice();
  const layers = useMemo(() => ({ visits: subset, members: showMembers }), [subset, showMembers]);

  return (
    <Stack>
      <PageHeader
        title="Prospect map"
        actions={
          <MarkerLegend
            images={showMembers ? ['prospect', 'prospect-converted', 'customer'] : ['prospect', 'prospect-converted']}
          />
        }
      />
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label="Prospects to show"
          value={subset}
          onChange={(value) => setSubset(value as Subset)}
          data={SUBSETS}
        />
        {mayShowMembers && (
          <Checkbox
            label="Show Existing Members"
            checked={showMembers}
            onChange={(e) => setShowMembers(e.currentTarget.checked)}
          />
        )}
        <CoverageControl choice={coverage} />
      </Group>
      {coverage.on && <CoverageLegend />}
      <MarkerMap label="Prospect map" layers={layers} coverage={coverage.layer} />
    </Stack>
  );
}
