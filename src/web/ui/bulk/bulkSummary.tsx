import { List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { BulkResult } from '../../../contract/bulk';
import { failureMessage } from '../../lib/data';
import { showUndoToast } from '../undo';

/**
 * The toast after a bulk action: how many rows were changed, then each row that was not, named, with the server's
 * reason. A summary with failures stays until closed. With `undo`, a summary without failures offers Undo for
 * 10 s, which takes back each changed row on its own (`undo.each`), says how many it could, then runs `undo.after`.
 */
export function bulkSummary(
  result: BulkResult,
  doneText: (count: number) => string,
  name: (id: number) => string,
  undo?: { each(id: number): Promise<unknown>; after(): Promise<unknown> },
) {
  if (!result.failed.length) {
    if (undo)
      showUndoToast(doneText(result.done.length), async () => {
        try {
          return await undoEach(result.done, undo.each, name);
        } finally {
          await undo.after();
        }
      });
    else notifications.show({ color: 'green', message: doneText(result.done.length), icon: <IconCheck size={18} /> });
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

/** Takes back each row's change; says how many were, or rejects naming the rows that were not, and why. */
async function undoEach(ids: number[], undoOne: (id: number) => Promise<unknown>, name: (id: number) => string) {
  const results = await Promise.allSettled(ids.map(undoOne));
  const refused = results.flatMap((r, i) =>
    r.status === 'rejected' ? [`${name(ids[i]!)}: ${failureMessage(r.reason)}`] : [],
  );
  const taken = ids.length - refused.length;
  const done = `Took back ${taken} of ${ids.length} ${ids.length === 1 ? 'change' : 'changes'}.`;
  if (refused.length) throw new Error([done, ...refused].join(' '));
  return done;
}
