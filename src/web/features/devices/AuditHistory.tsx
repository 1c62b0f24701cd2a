import { Card, Table, Text, Title } from '@mantine/core';
import { EmptyState, ErrorState, LoadingState } from '../../ui';
import { useAudit } from './api';

const ACTION_LABELS: Record<string, string> = {
  'device.blacklist_hold': 'Converted to SIM Only with blacklist hold',
  'device.unassign_equipment': 'Unassigned equipment',
  'device.remove_equipment': 'Removed equipment from inventory',
  'device.separate_equipment': 'Separated equipment and deleted the device',
  'device.delete_line': 'Deleted the line',
  'device.delete': 'Deleted the device',
  'device.equipment_moved_out': 'Moved equipment and line to another device',
  'device.equipment_moved_in': 'Received equipment and line from another device',
  'equipment.created': 'Taken out of a device',
  'equipment.received': 'Marked as received',
  'equipment.delete': 'Deleted',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** Who changed this record and how, newest first. */
export function AuditHistory({ entityType, entityId }: { entityType: 'device' | 'equipment'; entityId: number }) {
  const history = useAudit(entityType, entityId);
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      {history.isPending ? (
        <LoadingState />
      ) : history.error ? (
        <ErrorState message="The history could not be loaded." onRetry={() => history.refetch()} />
      ) : history.data.length === 0 ? (
        <EmptyState>No changes recorded yet.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">What</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="sm">{when(entry.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.userName ?? 'System'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{ACTION_LABELS[entry.action] ?? entry.action}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
