import { Button } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { auditEndpoints, auditLogEndpoints, type AuditLogEntry } from '../../../contract/audit';
import { parcelEndpoints } from '../../../contract/parcels';
import { isReversible, revertEndpoints, type RevertResult } from '../../../contract/revert';
import { cancellationEndpoints, subscriptionEndpoints } from '../../../contract/subscriptions';
import { supplierEndpoints } from '../../../contract/suppliers';
import { api } from '../../lib/api';
import { notify, useConfirmAction } from '../../ui';
import { useInvalidate } from '../../lib/data';

/** Every view a revert can change: the log itself and the lists of the records that can be reverted. */
const VIEWS = [
  auditLogEndpoints.list,
  auditEndpoints.list,
  supplierEndpoints.list,
  supplierEndpoints.detail,
  parcelEndpoints.containers,
  subscriptionEndpoints.list,
  subscriptionEndpoints.detail,
  cancellationEndpoints.list,
];

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
            void invalidate(...VIEWS);
            notify.success((result as RevertResult).message);
          },
        })
      }
    >
      Revert
    </Button>
  );
}
