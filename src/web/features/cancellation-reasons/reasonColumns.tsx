import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArchive, IconArchiveOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CancellationReason } from '../../../contract/cancellation-reasons';
import type { Column } from '../../ui';
import { href, paths } from '../../paths';
import type { ReasonActions } from './useReasonActions';

/** The reasons table: position, name with its state, and the row's buttons. */
export function reasonColumns(
  rows: CancellationReason[] | undefined,
  actions: ReasonActions,
): Column<CancellationReason>[] {
  return [
    { key: 'position', header: '#', width: 40, render: (r) => r.position },
    { key: 'name', header: 'Reason', render: (r) => <ReasonName reason={r} /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (r) => <ReasonRowActions reason={r} index={rows!.indexOf(r)} count={rows!.length} actions={actions} />,
    },
  ];
}

function ReasonName({ reason: r }: { reason: CancellationReason }) {
  return (
    <Group gap={6}>
      <Text size="sm" fw={500} c={r.active ? undefined : 'dimmed'}>
        {r.name}
      </Text>
      <Badge variant="light" color={r.active ? 'green' : 'gray'}>
        {r.active ? 'In picker' : 'Retired'}
      </Badge>
      {r.inUse && (
        <Badge variant="outline" color="gray">
          In use
        </Badge>
      )}
    </Group>
  );
}

/** Move up and down, rename, retire or put back, delete. */
function ReasonRowActions({
  reason: r,
  index,
  count,
  actions,
}: {
  reason: CancellationReason;
  index: number;
  count: number;
  actions: ReasonActions;
}) {
  return (
    <Group gap={0} justify="flex-end" wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={`Move ${r.name} up`}
        data-move={`${r.id}:-1`}
        disabled={index === 0}
        onClick={() => actions.move(index, -1)}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`Move ${r.name} down`}
        data-move={`${r.id}:1`}
        disabled={index === count - 1}
        onClick={() => actions.move(index, 1)}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        component={Link}
        to={href(paths.cancellationReasonEdit, { id: r.id })}
        aria-label={`Rename ${r.name}`}
      >
        <IconPencil size={16} />
      </ActionIcon>
      {r.active ? (
        <ActionIcon variant="subtle" color="orange" aria-label={`Retire ${r.name}`} onClick={() => actions.retire(r)}>
          <IconArchive size={16} />
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" aria-label={`Put ${r.name} back in the picker`} onClick={() => actions.restore(r)}>
          <IconArchiveOff size={16} />
        </ActionIcon>
      )}
      <Tooltip label={r.inUse ? 'In use: retire it instead' : 'Delete'} withArrow>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${r.name}`} onClick={() => actions.remove(r)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
