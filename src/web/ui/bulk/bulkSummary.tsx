import { List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { BulkResult } from '../../../contract/bulk';

/**
 * The toast after a bulk action: how many rows were changed, then each row that was not, named, with the server's
 * reason. A summary with failures stays until closed.
 */
export function bulkSummary(result: BulkResult, doneText: (count: number) => string, name: (id: number) => string) {
  if (!result.failed.length) {
    notifications.show({ color: 'green', message: doneText(result.done.length), icon: <IconCheck size={18} /> });
    return;
  }
  notifications.show({
    color: 'red',
    icon: <IconAlertCircle size={18} />,
    autoClose: false,
    title: `${result.failed.length} of ${result.done.length + result.failed.length} not changed`,
    message: (
      <>
        {result.done.length > 0 && <Text size="sm">{doneText(result.done.length)}</Text>}
        <List size="sm" spacing={2}>
          {result.failed.map((f) => (
            <List.Item key={f.id}>
              {name(f.id)}: {f.message}
            </List.Item>
          ))}
        </List>
      </>
    ),
  });
}
