import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { revertEndpoints, type UndoRecordType } from '../../contract/revert';
import { api } from '../lib/api';
import { notify } from './notify';
import { useInvalidate } from './data/useInvalidate';
import { failureMessage } from './data/useApiMutation';

/** How long the toast of a reversible change stays, with its Undo. */
export const UNDO_TOAST_MS = 10_000;

/**
 * A success toast with Undo for 10 s. Undo runs `undo`, which answers what to say (or rejects with the server's
 * refusal, shown instead).
 */
export function showUndoToast(message: string, undo: () => Promise<string>) {
  const id = notifications.show({
    color: 'green',
    icon: <IconCheck size={18} />,
    autoClose: UNDO_TOAST_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={async () => {
            notifications.hide(id);
            try {
              notify.success(await undo());
            } catch (err) {
              notify.error(failureMessage(err));
            }
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}

/**
 * The toast of a reversible change, with Undo for 10 s: Undo asks the server to take back the user's latest
 * change of the record (refused, with its reason, when someone changed it since) and reloads what undoing changes.
 */
export function useUndoToast() {
  const invalidate = useInvalidate();
  return (message: string, record: { entityType: UndoRecordType; entityId: number }) =>
    showUndoToast(message, async () => {
      const result = await api(revertEndpoints.undo, { body: record });
      await invalidate(revertEndpoints.undo);
      return result.message;
    });
}
