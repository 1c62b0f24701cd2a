import { Text } from '@mantine/core';
import { AuditHistory as BaseAuditHistory } from '../audit';
import type { HistoryEntityType } from '../../../contract/audit';

const ACTION_LABELS: Record<string, string> = { set_cancellation_reason: 'Cancellation reason changed' };

function describe(value: unknown): string {
  if (!value || typeof value !== 'object') return '—';
  const v = value as Record<string, unknown>;
  if ('cancellation_reason_id' in v)
    return v.cancellation_reason_id
      ? String(v.cancellation_reason ?? `Reason ${String(v.cancellation_reason_id)}`)
      : 'None';
  return Object.entries(v)
    .map(([k, x]) => `${k}: ${String(x)}`)
    .join(', ');
}

/** A subscription's history, with what each change of its cancellation reason was. */
export function AuditHistory({ entityType, entityId }: { entityType: HistoryEntityType; entityId: number }) {
  return (
    <BaseAuditHistory
      entityType={entityType}
      entityId={entityId}
      labels={ACTION_LABELS}
      describeChange={(e) => (
        <Text size="sm">
          {describe(e.before)} → {describe(e.after)}
        </Text>
      )}
    />
  );
}
