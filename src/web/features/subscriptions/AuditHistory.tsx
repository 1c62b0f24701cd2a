import { Text } from '@mantine/core';
import type { AuditEntry } from '../../../contract/audit';
import { DataTable, type Column } from '../../ui';
import { formatDateTime } from '../../ui/dates';
import { useAuditHistory } from './api';

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

const columns: Column<AuditEntry>[] = [
  { key: 'createdAt', header: 'When', width: 180, render: (e) => formatDateTime(e.createdAt) },
  { key: 'userName', header: 'Who', width: 160, render: (e) => e.userName ?? 'System' },
  { key: 'action', header: 'What', render: (e) => ACTION_LABELS[e.action] ?? e.action },
  {
    key: 'change',
    header: 'Change',
    render: (e) => (
      <Text size="sm">
        {describe(e.before)} → {describe(e.after)}
      </Text>
    ),
  },
];

/** Who changed this record, when, and from what to what. */
export function AuditHistory({ entityType, entityId }: { entityType: string; entityId: number }) {
  const history = useAuditHistory(entityType, entityId);
  return (
    <DataTable
      caption="History"
      columns={columns}
      rows={history.data}
      loading={history.isPending}
      error={history.error}
      onRetry={() => history.refetch()}
      total={history.data?.length}
      perPage={Math.max(1, history.data?.length ?? 1)}
      empty="No changes recorded yet."
    />
  );
}
