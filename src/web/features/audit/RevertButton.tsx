import { Button } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import type { AuditChange } from '../../../contract/audit';
import { revertEndpoints, type RevertResult } from '../../../contract/revert';
import { api } from '../../lib/api';
import { notify, useConfirmAction } from '../../ui';
import { useInvalidate } from '../../lib/data';

const KINDS = {
  Revert: {
    icon: IconArrowBackUp,
    message:
      'This puts back what the entry recorded as before. It is refused if the record has changed since, and the revert is recorded as a change of its own.',
  },
  // Reverting the entries of an undo makes the change again.
  Redo: {
    icon: IconArrowForwardUp,
    message:
      'This makes the change again. It is refused if the record has changed since, and is recorded as a change of its own.',
  },
};

/**
 * Puts back what an entry recorded as before, after a confirmation, where the server says it still would (a change
 * taken back, or of a record changed or deleted since, has none); it refuses anyway when changed meanwhile.
 */
export function RevertButton({ entry, kind = 'Revert' }: { entry: AuditChange; kind?: keyof typeof KINDS }) {
  const { confirm } = useConfirmAction();
  const invalidate = useInvalidate();
  if (!entry.revertable) return null;
  const { icon: Icon, message } = KINDS[kind];
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<Icon size={14} />}
      aria-label={`${kind} entry ${entry.id}`}
      onClick={() =>
        void confirm({
          title: `${kind} this change`,
          message,
          confirmLabel: kind,
          action: () => api(revertEndpoints.revert, { params: { id: entry.id } }),
          successMessage: null,
          onSuccess: (result) => {
            void invalidate(revertEndpoints.revert);
            notify.success((result as RevertResult).message);
          },
        })
      }
    >
      {kind}
    </Button>
  );
}
