import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailField, formatDate, LoadingState, PageHeader, RecordUnavailable } from '../../ui';
import { AuditHistory } from '../audit';

import { href, paths } from '../../paths';
import { EQUIPMENT_STATE_LABELS, type EquipmentRow } from '../../../contract/equipment';
import { PermittedLink, useCan } from '../auth';
import { CustomerLink } from '../devices';
import { useEquipment } from './api';
import { useEquipmentActions } from './useEquipmentActions';

/** One phone outside a device: where it is, where it came from, its actions and history. */
export function EquipmentDetailPage() {
  const id = Number(useParams().id);
  const item = useEquipment(id);
  const can = useCan();

  if (item.error || (!item.data && item.fetchStatus === 'idle'))
    return (
      <RecordUnavailable
        title="Equipment"
        noun="equipment"
        error={item.error}
        onRetry={() => void item.refetch()}
        back={{ to: paths.equipment, label: 'Back to equipment' }}
      />
    );
  if (!item.data) return <LoadingState label="Loading equipment…" />;
  const e = item.data;
  return (
    <Stack>
      <PageHeader
        title={`IMEI ${e.imei}`}
        actions={
          <Button component={Link} to={`${paths.equipment}#${e.state}`} variant="default">
            {EQUIPMENT_STATE_LABELS[e.state]} list
          </Button>
        }
      />
      <Group gap={6} mt={-8}>
        <Badge size="lg" data-testid="equipment-state">
          {EQUIPMENT_STATE_LABELS[e.state]}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <EquipmentFacts item={e} />
        {can('devices.manage') && <EquipmentActions item={e} />}
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          History
        </Title>
        <AuditHistory entityType="equipment" entityId={e.id} />
      </Card>
    </Stack>
  );
}

function EquipmentFacts({ item: e }: { item: EquipmentRow }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        Equipment
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DetailField label="Model">{e.product?.model ?? '—'}</DetailField>
        <DetailField label="IMEI">{e.imei}</DetailField>
        <DetailField label="From device">
          {e.fromDeviceId === null ? (
            '—'
          ) : e.fromDeviceExists ? (
            <PermittedLink permission="devices.view" to={href(paths.device, { id: e.fromDeviceId })}>
              {e.fromDeviceId}
            </PermittedLink>
          ) : (
            `${e.fromDeviceId} (deleted)`
          )}
        </DetailField>
        <DetailField label="Customer">
          <CustomerLink customer={e.customer} />
        </DetailField>
        <DetailField label="Recorded">{formatDate(e.createdAt)}</DetailField>
        <DetailField label="In this state since">{formatDate(e.updatedAt)}</DetailField>
      </SimpleGrid>
    </Card>
  );
}

/** Mark as Received (while on hold) and Delete Equipment, each with what it does. */
function EquipmentActions({ item: e }: { item: EquipmentRow }) {
  const actions = useEquipmentActions();
  const navigate = useNavigate();
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        Actions
      </Title>
      <Stack gap="sm">
        {e.state === 'hold' && (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" style={{ flex: '1 1 220px' }}>
              The phone has arrived: moves it from equipment hold to unbuilt equipment.
            </Text>
            <Button variant="light" leftSection={<IconCircleCheck size={16} />} onClick={() => actions.received(e)}>
              Mark as Received
            </Button>
          </Group>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" style={{ flex: '1 1 220px' }}>
            Removes this phone from inventory permanently.
          </Text>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => actions.remove(e, () => navigate(`${paths.equipment}#${e.state}`))}
          >
            Delete Equipment
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
