import { Alert, Anchor, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailField, formatDate, LoadingState, PageHeader, useConfirmAction, RecordUnavailable } from '../../ui';
import { AuditHistory } from '../audit';

import { href, paths } from '../../paths';
import { deviceActionRefusal, deviceFacts, devicesEndpoints, type DeviceDetail } from '../../../contract/devices';
import { EQUIPMENT_STATE_LABELS } from '../../../contract/equipment';
import { PermittedLink, useCan } from '../auth';
import { CustomerLink } from './CustomerLink';
import { useDevice, useDeviceMutation } from './api';
import { DEVICE_ACTIONS, lineUserNotice, type DeviceActionSpec } from './deviceActions';
import { statusColor } from './status';

/** Device actions change lines, stock and loans at once: they are not offered for Undo and say so. */
const IRREVERSIBLE = 'This cannot be undone from the back office.';

const date = (iso: string | null) => formatDate(iso) || '—';
const money = (price: string) => `$${Number(price).toFixed(Number(price) > 0 && Number(price) < 0.01 ? 4 : 2)}`;

function LineCard({ device }: { device: DeviceDetail }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        Line
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DetailField label="SIM">{device.sim}</DetailField>
        <DetailField label="Phone number">{device.phone ?? '—'}</DetailField>
        <DetailField label="Supplier">{device.supplier?.name ?? '—'}</DetailField>
        <DetailField label="Deployed">{date(device.deployedAt)}</DetailField>
        <DetailField label="Line deleted">{date(device.lineDeletedAt)}</DetailField>
        <DetailField label="Unavailable">{device.unavailable ? 'Yes' : 'No'}</DetailField>
      </SimpleGrid>
    </Card>
  );
}

function PhoneCard({ device }: { device: DeviceDetail }) {
  const product = device.product;
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        Phone
      </Title>
      {product || device.imei ? (
        <Group align="flex-start" wrap="nowrap" gap="md">
          {product?.imageUri && (
            <Image src={product.imageUri} alt={product.model} w={72} h={72} fit="contain" radius="sm" />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ flex: 1 }}>
            <DetailField label="Model">{product?.model ?? '—'}</DetailField>
            <DetailField label="Price">{product ? money(product.price) : '—'}</DetailField>
            <DetailField label="IMEI">{device.imei ?? '—'}</DetailField>
            <DetailField label="Product id (mofi_id)">{product?.id ?? '—'}</DetailField>
          </SimpleGrid>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          SIM Only: no phone is built into this device.
        </Text>
      )}
    </Card>
  );
}

function CustomerCard({ device }: { device: DeviceDetail }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        Subscription and loan
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DetailField label="Subscription">
          {device.subscription ? (
            <>
              <PermittedLink
                permission="subscriptions.view"
                to={href(paths.subscription, { id: device.subscription.id })}
                size="sm"
              >
                #{device.subscription.id}
              </PermittedLink>{' '}
              <Badge size="sm" variant="light" color={device.subscription.status === 'active' ? 'green' : 'gray'}>
                {device.subscription.status === 'active' ? 'Active' : 'Cancelled'}
              </Badge>
              <br />
              <CustomerLink customer={device.subscription.customer} />
            </>
          ) : (
            'None'
          )}
        </DetailField>
        <DetailField label="Loaner">
          {device.loaner ? (
            <>
              On loan to <CustomerLink customer={device.loaner.customer} /> since {date(device.loaner.startedAt)}
            </>
          ) : (
            'Not on loan'
          )}
        </DetailField>
      </SimpleGrid>
    </Card>
  );
}

/** One action of the device with its confirmation; an action that deletes the device goes back to the list. */
function ActionRow({ spec, device }: { spec: DeviceActionSpec; device: DeviceDetail }) {
  const { confirm } = useConfirmAction();
  const navigate = useNavigate();
  const endpoint = devicesEndpoints[spec.action];
  const action = useDeviceMutation(endpoint, {
    onSuccess: () => {
      if (endpoint.removes) void navigate(paths.devices);
    },
  });
  const notice = spec.endsLine ? lineUserNotice(device) : null;
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="xs"
      pt="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text size="sm" style={{ flex: '1 1 220px' }}>
        {spec.effect(device)}
        {notice && ` ${notice}`}
      </Text>
      <Button
        variant="light"
        color={spec.action === 'unassignEquipment' ? undefined : 'red'}
        leftSection={<spec.icon size={16} />}
        // Long labels wrap on phones instead of being cut off.
        h="auto"
        mih={36}
        maw="100%"
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        onClick={() =>
          confirm({
            title: spec.label,
            // The exact §5 text, who loses the line, and that there is no Undo (unlike the office's edits).
            message: (
              <>
                <Text>{spec.confirmation(device)}</Text>
                {notice && <Text fw={700}>{notice}</Text>}
                <Text size="sm" c="dimmed">
                  {IRREVERSIBLE}
                </Text>
              </>
            ),
            confirmLabel: spec.label,
            danger: true,
            action: () => action.mutateAsync({ params: { id: device.id } }),
            successMessage: (result) => result.message,
          })
        }
      >
        {spec.label}
      </Button>
    </Group>
  );
}

function ActionsCard({ device }: { device: DeviceDetail }) {
  const facts = deviceFacts(device);
  const available = DEVICE_ACTIONS.filter((a) => deviceActionRefusal(a.action, facts) === null);
  const unavailable = DEVICE_ACTIONS.map((a) => ({
    label: a.label,
    reason: deviceActionRefusal(a.action, facts),
  })).filter((a) => a.reason);
  const replaceRefusal = deviceActionRefusal('replace', facts);

  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        Actions
      </Title>
      <Stack gap="sm">
        {!replaceRefusal && (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" style={{ flex: '1 1 220px' }}>
              Moves this phone and the line to another device found by its SIM; this device becomes a SIM Only.
            </Text>
            <Button
              component={Link}
              to={href(paths.deviceReplace, { id: device.id })}
              variant="light"
              leftSection={<IconArrowsExchange size={16} />}
            >
              Move equipment
            </Button>
          </Group>
        )}
        {available.map((spec) => (
          <ActionRow key={spec.action} spec={spec} device={device} />
        ))}
        {unavailable.length > 0 && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle />} title="Not available for this device">
            <Stack gap={4}>
              {unavailable.map((a) => (
                <Text size="sm" key={a.label}>
                  <b>{a.label}:</b> {a.reason}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function TakenEquipment({ device }: { device: DeviceDetail }) {
  if (device.equipment.length === 0) return null;
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        Equipment taken out of this device
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">IMEI</Table.Th>
              <Table.Th scope="col">Model</Table.Th>
              <Table.Th scope="col">Now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {device.equipment.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <Anchor component={Link} to={href(paths.equipmentItem, { id: e.id })} size="sm">
                    {e.imei}
                  </Anchor>
                </Table.Td>
                <Table.Td>{e.model ?? '—'}</Table.Td>
                <Table.Td>{EQUIPMENT_STATE_LABELS[e.state]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function DeviceBadges({ device: d }: { device: DeviceDetail }) {
  return (
    <Group gap={6} mt={-8}>
      <Badge color={statusColor(d.status.id)} size="lg" variant="filled" data-testid="device-status">
        {d.status.description}
      </Badge>
      {!d.product && !d.imei && <Badge variant="outline">SIM Only</Badge>}
      {d.lineDeletedAt && (
        <Badge color="red" variant="outline">
          Line deleted
        </Badge>
      )}
      {d.blacklistHold && (
        <Badge color="grape" variant="outline">
          Blacklist hold
        </Badge>
      )}
      {d.unavailable && (
        <Badge color="gray" variant="outline">
          Unavailable
        </Badge>
      )}
    </Group>
  );
}

/** A device: its line, phone, subscription and loan, the actions that apply now, and its history. */
export function DeviceDetailPage() {
  const id = Number(useParams().id);
  const device = useDevice(id);
  const can = useCan();

  if (device.isPending && device.fetchStatus !== 'idle') return <LoadingState label="Loading device…" />;
  if (device.error || !device.data)
    return (
      <RecordUnavailable
        title={`Device ${Number.isInteger(id) ? id : ''}`}
        noun="device"
        error={device.error}
        hasData={!!device.data}
        onRetry={() => void device.refetch()}
        back={{ to: paths.devices, label: 'Back to devices' }}
      />
    );
  const d = device.data;
  return (
    <Stack>
      <PageHeader
        title={`Device ${d.id}`}
        actions={
          <Button component={Link} to={paths.devices} variant="default">
            All devices
          </Button>
        }
      />
      <DeviceBadges device={d} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <LineCard device={d} />
          <PhoneCard device={d} />
          <CustomerCard device={d} />
        </Stack>
        <Stack gap="md">
          {can('devices.manage') && <ActionsCard device={d} />}
          <TakenEquipment device={d} />
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              History
            </Title>
            <AuditHistory entityType="device" entityId={d.id} />
          </Card>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
