import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { EquipmentRow } from '../../../contract/equipment';
import { formatDate, type Column } from '../../ui';
import { href, paths } from '../../paths';
import { PermittedLink } from '../auth';
import { CustomerLink } from '../devices';
import type { useEquipmentActions } from './useEquipmentActions';

type Actions = ReturnType<typeof useEquipmentActions>;

/** A row's buttons: receive a held phone, delete the equipment. */
function RowActions({ e, actions }: { e: EquipmentRow; actions: Actions }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {e.state === 'hold' && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconCircleCheck size={14} />}
          onClick={() => actions.received(e)}
          aria-label={`Mark as Received: IMEI ${e.imei}`}
        >
          Mark as Received
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => actions.remove(e)}
        aria-label={`Delete Equipment: IMEI ${e.imei}`}
      >
        Delete Equipment
      </Button>
    </Group>
  );
}

/** The columns of a tab of equipment; with `actions`, the buttons of operations' work. */
export function equipmentColumns(actions?: Actions): Column<EquipmentRow>[] {
  const columns: Column<EquipmentRow>[] = [
    {
      key: 'imei',
      header: 'IMEI',
      numeric: true,
      card: 'title',
      render: (e) => (
        <Anchor component={Link} to={href(paths.equipmentItem, { id: e.id })} fw={600}>
          {e.imei}
        </Anchor>
      ),
    },
    { key: 'model', header: 'Model', render: (e) => e.product?.model ?? '—' },
    {
      key: 'device',
      header: 'From device',
      render: (e) =>
        e.fromDeviceId === null ? (
          '—'
        ) : e.fromDeviceExists ? (
          <PermittedLink permission="devices.view" to={href(paths.device, { id: e.fromDeviceId })}>
            {e.fromDeviceId}
          </PermittedLink>
        ) : (
          <Text size="sm" c="dimmed" title="This device was deleted">
            {e.fromDeviceId} (deleted)
          </Text>
        ),
    },
    {
      key: 'customer',
      header: 'Customer',
      render: (e) => <CustomerLink customer={e.customer} />,
    },
    { key: 'updatedAt', header: 'Since', nowrap: true, sortable: 'desc', render: (e) => formatDate(e.updatedAt) },
  ];
  if (actions)
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (e) => <RowActions e={e} actions={actions} />,
    });
  return columns;
}
