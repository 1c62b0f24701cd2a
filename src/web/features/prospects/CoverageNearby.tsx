import { Group, Paper, Table, Text } from '@mantine/core';
import { IconAntenna } from '@tabler/icons-react';
import { COVERAGE_NEAR, type CoverageNear } from '../../../contract/prospects';
import { useCoverageNear } from './api';

const mbps = (c: CoverageNear['carriers'][number]) =>
  c.medianMbps === null ? '—' : c.medianMbps === 0 ? 'No service' : `${c.medianMbps.toLocaleString('en-US')} Mbps`;

/**
 * The position to one hundred metres (three decimals): the readings gathered over a kilometre barely move, and the
 * service worker's kept answer for a spot is found again when the rep is back there with no network.
 */
const nearPlace = ({ lat, lng }: { lat: number; lng: number }) => ({
  lat: Math.round(lat * 1000) / 1000,
  lng: Math.round(lng * 1000) / 1000,
});

/**
 * What each carrier's speed tests near this door said (1 km, 12 months), once the device's position or the address's
 * ZIP code is known, so the rep can tell the prospect which carrier works there.
 */
export function CoverageNearby({ position, zip }: { position: { lat: number; lng: number } | null; zip: string }) {
  const place = position ? nearPlace(position) : /^\d{5}/.test(zip) ? { zip: zip.slice(0, 5) } : null;
  const coverage = useCoverageNear(place);
  if (!place || !coverage.data) return null;
  const { carriers, center } = coverage.data;
  const tested = carriers.filter((c) => c.tests > 0);
  const where = position ? 'here' : `ZIP ${zip.slice(0, 5)}`;
  const title = `Speed tests near ${where} (within ${COVERAGE_NEAR.radiusKm} km, last ${COVERAGE_NEAR.months} months)`;
  const heading = (
    <Group gap={6} wrap="nowrap" align="flex-start" mb={4}>
      <IconAntenna size={18} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" fw={600}>
        {title}
      </Text>
    </Group>
  );
  if (!center || !tested.length)
    return (
      <Paper withBorder p="sm" data-testid="coverage-nearby">
        {heading}
        <Text size="sm">No speed test has been taken near {where} yet.</Text>
      </Paper>
    );
  return (
    <Paper withBorder p="sm" data-testid="coverage-nearby">
      {heading}
      <Table fz="sm" verticalSpacing={4} horizontalSpacing={6} aria-label="Speed tests nearby by carrier">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Carrier</Table.Th>
            <Table.Th ta="right">Median</Table.Th>
            <Table.Th ta="right">Tests</Table.Th>
            <Table.Th ta="right">No service</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {carriers.map((c) => (
            <Table.Tr key={c.carrierId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.carrier}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {mbps(c)}
              </Table.Td>
              <Table.Td ta="right">{c.tests}</Table.Td>
              <Table.Td ta="right">{c.tests ? c.noService : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        The median of each test&apos;s three readings; tests of every rep.
      </Text>
    </Paper>
  );
}
