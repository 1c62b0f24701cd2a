import { useState } from 'react';
import { Button, Select } from '@mantine/core';
import { revertEndpoints } from '../../../contract/revert';
import { cancellationEndpoints, type CancellationRow } from '../../../contract/subscriptions';
import { api } from '../../lib/api';
import { bulkSummary } from '../../ui';
import { useApiMutation, useInvalidate } from '../../lib/data';
import { useCancellationReasons } from '../cancellation-reasons';

/**
 * One reason for every chosen cancellation. When they all show the same reason (always so in the "needs a reason"
 * view), that is sent as what was seen, so a row another user gave a reason meanwhile is refused, not overwritten.
 */
export function BulkReason({ rows, onDone }: { rows: CancellationRow[]; onDone(failedIds: number[]): void }) {
  const reasons = useCancellationReasons();
  const [reasonId, setReasonId] = useState<string | null>(null);
  const invalidate = useInvalidate();
  // Each row's change is taken back on its own, as Undo does for one row: a row changed since is refused.
  const undo = {
    each: (id: number) =>
      api(revertEndpoints.undo, { body: { entityType: 'subscription_cancellation', entityId: id } }),
    after: () => invalidate(revertEndpoints.undo),
  };
  const record = useApiMutation(cancellationEndpoints.setReasons, {
    onSuccess: (result) => {
      const name = reasons.data?.find((r) => r.id === Number(reasonId))?.name ?? 'The reason';
      bulkSummary(
        result,
        (n) => `${name} recorded on ${n} ${n === 1 ? 'cancellation' : 'cancellations'}.`,
        (id) => `Cancellation ${id}`,
        undo,
      );
      onDone(result.failed.map((f) => f.id));
    },
  });
  const seen = new Set(rows.map((r) => r.cancellationReasonId));
  return (
    <>
      <Select
        aria-label="Reason for the chosen cancellations"
        placeholder="Choose a reason"
        size="xs"
        miw={200}
        searchable
        data={(reasons.data ?? []).filter((r) => r.active).map((r) => ({ value: String(r.id), label: r.name }))}
        value={reasonId}
        onChange={setReasonId}
      />
      <Button
        size="xs"
        disabled={!reasonId}
        loading={record.isPending}
        onClick={() =>
          record.mutate({
            body: {
              ids: rows.map((r) => r.id),
              cancellation_reason_id: Number(reasonId),
              ...(seen.size === 1 ? { expected_cancellation_reason_id: [...seen][0] } : {}),
            },
          })
        }
      >
        Record for {rows.length}
      </Button>
    </>
  );
}
