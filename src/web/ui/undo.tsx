import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { notify } from './notify';
import { failureMessage } from '../lib/data';

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
        <Text size="sm">
          {message}
          <VisuallyHidden> Undo is possible for {UNDO_TOAST_MS / 1000} seconds.</VisuallyHidden>
        </Text>
        {/* Never shrunk below its label, whatever the message's length. */}
        <Button
          size="compact-sm"
          variant="light"
          style={{ flexShrink: 0 }}
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
