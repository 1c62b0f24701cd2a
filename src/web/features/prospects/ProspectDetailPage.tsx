import { Link, useParams } from 'react-router';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ProspectDetail } from '../../../contract/prospects';
import { paths } from '../../paths';
import { ErrorState, LoadingState, PageHeader, formatDate, formatDateTime } from '../../ui';
import { useProspect } from './api';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function ProspectDetailPage() {
  const id = Number(useParams().id);
  const prospect = useProspect(id);
  if (prospect.isPending) return <LoadingState label="Loading the prospect…" />;
  if (prospect.isError)
    return (
      <ErrorState message={prospect.error.message} onRetry={() => void prospect.refetch()} error={prospect.error} />
    );
  return <ProspectView prospect={prospect.data} />;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

function ProspectView({ prospect: p }: { prospect: ProspectDetail }) {
  return (
    <Stack maw={900}>
      <PageHeader
        title={p.name || p.address}
        description={
          <Anchor component={Link} to={paths.prospects} size="sm">
            ← All prospects
          </Anchor>
        }
        actions={
          p.convertedAt ? (
            <Badge color="green" variant="light">
              Converted {formatDate(p.convertedAt)}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Not converted
            </Badge>
          )
        }
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Fact label="Address">{`${p.address}, ${p.city}, ${p.state} ${p.zip}`}</Fact>
          <Fact label="Visited">{formatDateTime(p.createdAt)}</Fact>
          <Fact label="Rep">
            {p.createdByName === p.repName ? p.repName : `${p.repName} (logged by ${p.createdByName})`}
          </Fact>
          <Fact label="Existing member">{p.customer ? `${p.customer.name} (#${p.customer.id})` : ''}</Fact>
          <Fact label="Action">{p.action}</Fact>
          <Fact label="Action taken">{p.actionTaken}</Fact>
          <Fact label="New construction">{yesNo(p.newConstruction)}</Fact>
          <Fact label="Offered promotion">{yesNo(p.offeredPromotion)}</Fact>
          <Fact label="Topography">{p.topographies.join(', ')}</Fact>
          <Fact label="Map position">
            {p.locationSource === 'device'
              ? 'Device location'
              : p.locationSource === 'zip'
                ? `Centre of ZIP ${p.zip}`
                : 'Not on the map'}
          </Fact>
        </SimpleGrid>
        {p.comments && (
          <Stack gap={2} mt="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Comments
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {p.comments}
            </Text>
          </Stack>
        )}
      </Card>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Speed tests (mbps)
        </Title>
      </Group>
      {p.speedTests.length ? (
        <Table.ScrollContainer minWidth={360}>
          <Table withTableBorder striped>
            <caption style={{ captionSide: 'top', textAlign: 'left' }}>
              <Text size="xs" c="dimmed">
                0 means no service.
              </Text>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Carrier</Table.Th>
                <Table.Th scope="col" ta="right">
                  Test 1
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Test 2
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Test 3
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.speedTests.map((t) => (
                <Table.Tr key={t.carrierId}>
                  <Table.Th scope="row">{t.carrier}</Table.Th>
                  {t.readings.map((r, i) => (
                    <Table.Td key={i} ta="right">
                      {r === 0 ? 'No service' : r.toFixed(2)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No speed tests for this visit.
        </Text>
      )}
    </Stack>
  );
}
