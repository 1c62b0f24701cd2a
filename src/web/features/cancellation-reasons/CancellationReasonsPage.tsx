import { useRef } from 'react';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconArrowDown,
  IconArrowUp,
  IconArchive,
  IconArchiveOff,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  cancellationReasonEndpoints as endpoints,
  type CancellationReason,
} from '../../../contract/cancellation-reasons';
import { api, endpointKey } from '../../lib/api';
import { DataTable, ModalLink, PageHeader, showUndoToast, useConfirmAction, type Column } from '../../ui';
import { useUndoToast } from '../audit';
import { useApiMutation, useInvalidate } from '../../lib/data';
import { href, paths } from '../../paths';
import { RequirePermission } from '../auth';
import { useCancellationReasons } from './api';

export function CancellationReasonsPage() {
  // The reasons are readable with subscriptions.view (for the pickers), but this page manages them.
  return (
    <RequirePermission permission="cancellation-reasons.manage">
      <CancellationReasons />
    </RequirePermission>
  );
}

function CancellationReasons() {
  const queryClient = useQueryClient();
  const reasons = useCancellationReasons();
  const { confirm } = useConfirmAction();
  // Not a disabled state: disabling the pressed button would drop the keyboard focus after every move.
  const moving = useRef(false);
  const rows = reasons.data;
  // Also after a refusal: another user's change is usually what made the list on screen stale.
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(endpoints.list) });
  const reorder = useApiMutation(endpoints.reorder, {
    onSuccess: (list) => queryClient.setQueryData(endpointKey(endpoints.list, {}), list),
    onError: () => void refresh(),
  });
  const invalidate = useInvalidate();
  const undoable = useUndoToast();
  const restore = useApiMutation(endpoints.restore, {
    onSuccess: (reason) =>
      undoable('Reason back in the picker.', { entityType: 'cancellation_reason', entityId: reason.id }),
    onError: () => void refresh(),
  });

  function move(index: number, by: -1 | 1) {
    if (!rows || moving.current) return;
    const id = rows[index]!.id;
    const previous = rows.map((r) => r.id);
    const ids = [...previous];
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    moving.current = true;
    reorder.mutate(
      { body: { ids } },
      {
        // Keep the focus on the moved reason's arrow; at the top or bottom, on the other one.
        onSuccess: () => {
          // Undo puts the order back as it was, refused (409) if the reasons changed meanwhile.
          showUndoToast('Order saved.', async () => {
            const list = await api(endpoints.reorder, { body: { ids: previous } });
            queryClient.setQueryData(endpointKey(endpoints.list, {}), list);
            return 'The order is back as it was.';
          });
          requestAnimationFrame(() => {
            const same = document.querySelector<HTMLButtonElement>(`[data-move="${id}:${by}"]`);
            (same && !same.disabled
              ? same
              : document.querySelector<HTMLButtonElement>(`[data-move="${id}:${-by}"]`)
            )?.focus();
          });
        },
        onSettled: () => {
          moving.current = false;
        },
      },
    );
  }

  const columns: Column<CancellationReason>[] = [
    { key: 'position', header: '#', width: 40, render: (r) => r.position },
    {
      key: 'name',
      header: 'Reason',
      render: (r) => (
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
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (r) => {
        const index = rows!.indexOf(r);
        return (
          <Group gap={0} justify="flex-end" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${r.name} up`}
              data-move={`${r.id}:-1`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${r.name} down`}
              data-move={`${r.id}:1`}
              disabled={index === rows!.length - 1}
              onClick={() => move(index, 1)}
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
              <ActionIcon
                variant="subtle"
                color="orange"
                aria-label={`Retire ${r.name}`}
                onClick={() =>
                  confirm({
                    title: 'Retire reason',
                    message: `"${r.name}" will leave the picker. Subscriptions that have it keep it, and it stays on history and charts.`,
                    confirmLabel: 'Retire',
                    action: () => api(endpoints.retire, { params: { reasonId: r.id } }),
                    onSuccess: () => {
                      void invalidate(endpoints.retire);
                      undoable('Reason retired.', { entityType: 'cancellation_reason', entityId: r.id });
                    },
                    successMessage: null,
                  })
                }
              >
                <IconArchive size={16} />
              </ActionIcon>
            ) : (
              <ActionIcon
                variant="subtle"
                aria-label={`Put ${r.name} back in the picker`}
                onClick={() => restore.mutate({ params: { reasonId: r.id } })}
              >
                <IconArchiveOff size={16} />
              </ActionIcon>
            )}
            <Tooltip label={r.inUse ? 'In use: retire it instead' : 'Delete'} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${r.name}`}
                onClick={() =>
                  confirm({
                    title: 'Delete reason',
                    message: `"${r.name}" will be deleted. Are you sure? This action is permanent!`,
                    confirmLabel: 'Delete',
                    danger: true,
                    action: () => api(endpoints.remove, { params: { reasonId: r.id } }),
                    onSuccess: () => invalidate(endpoints.remove),
                    successMessage: 'Reason deleted.',
                  })
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Cancellation reasons"
        description="The picker offers the reasons in this order. Retired reasons leave the picker but stay on history and charts."
        actions={
          <ModalLink
            href={paths.cancellationReasonCreate}
            title="Add cancellation reason"
            successMessage="Reason added."
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconPlus size={16} aria-hidden />
              Add reason
            </Group>
          </ModalLink>
        }
      />
      <DataTable
        caption="Cancellation reasons"
        columns={columns}
        rows={rows}
        loading={reasons.isPending}
        error={reasons.error}
        onRetry={() => reasons.refetch()}
        minWidth={340}
        empty="No cancellation reasons yet. Add the first one."
      />
    </>
  );
}
