import { Button } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { AuditLogEntry } from '../../../contract/audit';
import { isReversible, revertEndpoints, type RevertResult } from '../../../contract/revert';
import { api } from '../../lib/api';
import { notify, useConfirmAction } from '../../ui';
import { useInvalidate } from '../../lib/data';

/** Puts back what a reversible entry recorded as before, after a confirmation; the server refuses when changed since. */
export function RevertButton({ entry }: { entry: AuditLogEntry }) {
  const { confirm } = useConfirmAction();
  const invalidate = useInvalidate();
  if (!isReversible(entry.action) || entry.entityId === null) return null;
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconArrowBackUp size={14} />}
      aria-label={`Revert entry ${entry.id}`}
      onClick={() =>
        void confirm({
          title: 'Revert this change',
          message:
            'This puts back what the entry recorded as before. It is refused if the record has changed since, and the revert is recorded as a change of its own.',
          confirmLabel: 'Revert',
          action: () => api(revertEndpoints.revert, { params: { id: entry.id } }),
          successMessage: null,
          onSuccess: (result) => {
            void invalidate(revertEndpoints.revert);
            notify.success((result as RevertResult).message);
          },
        })
      }
    >
      Revert
    </Button>
  );
}
