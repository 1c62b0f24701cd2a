import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  cancellationReasonEndpoints as endpoints,
  type CancellationReason,
} from '../../../contract/cancellation-reasons';
import { api, endpointKey } from '../../lib/api';
import { useApiMutation, useInvalidate } from '../../lib/data';
import { showUndoToast, useConfirmAction } from '../../ui';
import { useUndoToast } from '../audit';

/** What the row buttons of the reasons page do. */
export interface ReasonActions {
  move(index: number, by: -1 | 1): void;
  retire(reason: CancellationReason): void;
  restore(reason: CancellationReason): void;
  remove(reason: CancellationReason): void;
}

/** Moving, retiring, restoring and deleting reasons, each with its undo or confirmation. */
export function useReasonActions(rows: CancellationReason[] | undefined): ReasonActions {
  const queryClient = useQueryClient();
  const { confirm } = useConfirmAction();
  // Also after a refusal: another user's change is usually what made the list on screen stale.
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(endpoints.list) });
  const move = useMoveReason(rows, refresh);
  const undoable = useUndoToast();
  const invalidate = useInvalidate();
  const restoreReason = useApiMutation(endpoints.restore, {
    onSuccess: (reason) =>
      undoable('Reason back in the picker.', { entityType: 'cancellation_reason', entityId: reason.id }),
    onError: () => void refresh(),
  });

  return {
    move,
    retire: (r) =>
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
      }),
    restore: (r) => restoreReason.mutate({ params: { reasonId: r.id } }),
    remove: (r) =>
      confirm({
        title: 'Delete reason',
        message: `"${r.name}" will be deleted. Are you sure? This action is permanent!`,
        confirmLabel: 'Delete',
        danger: true,
        action: () => api(endpoints.remove, { params: { reasonId: r.id } }),
        onSuccess: () => invalidate(endpoints.remove),
        successMessage: 'Reason deleted.',
      }),
  };
}

/** Swaps a reason with its neighbour; the order saved can be undone, and the focus stays on the moved reason. */
function useMoveReason(rows: CancellationReason[] | undefined, refresh: () => Promise<void>) {
  const queryClient = useQueryClient();
  // Not a disabled state: disabling the pressed button would drop the keyboard focus after every move.
  const moving = useRef(false);
  const reorder = useApiMutation(endpoints.reorder, {
    onSuccess: (list) => queryClient.setQueryData(endpointKey(endpoints.list, {}), list),
    onError: () => void refresh(),
  });

  return (index: number, by: -1 | 1) => {
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
  };
}
