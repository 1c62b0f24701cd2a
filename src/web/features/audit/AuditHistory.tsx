import type { ReactNode } from 'react';
import type { AuditAction, AuditEntry, HistoryEntityType } from '../../../contract/audit';
import { DataTable, formatDateTime, type Column } from '../../ui';
import { useAuditHistory } from './useAuditHistory';

export interface AuditHistoryProps {
  entityType: HistoryEntityType;
  entityId: number;
  /** Readable names of the audit actions this record can have; actions without one show as recorded. */
  labels?: Partial<Record<AuditAction, string>>;
  /** Adds a "Change" column describing what an entry changed. */
  describeChange?(entry: AuditEntry): ReactNode;
  empty?: string;
}

/** Who changed a record, when and how, newest first (the server's audit log of that record). */
export function AuditHistory({ entityType, entityId, labels = {}, describeChange, empty }: AuditHistoryProps) {
  // Entries written before an action was renamed or retired keep their recorded name.
  const labelOf = (action: string) => (labels as Record<string, string | undefined>)[action] ?? action;
  const history = useAuditHistory(entityType, entityId);
  const columns: Column<AuditEntry>[] = [
    { key: 'createdAt', header: 'When', nowrap: true, render: (e) => formatDateTime(e.createdAt) },
    { key: 'userName', header: 'Who', render: (e) => e.userName ?? 'System' },
    { key: 'action', header: 'What', render: (e) => labelOf(e.action) },
    ...(describeChange ? [{ key: 'change', header: 'Change', render: describeChange }] : []),
  ];
  return (
    <DataTable
      caption="History"
      columns={columns}
      rows={history.data}
      loading={history.isFetching}
      error={history.error}
      onRetry={() => void history.refetch()}
      empty={empty ?? 'No changes recorded yet.'}
    />
  );
}
