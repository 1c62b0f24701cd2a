import type { HistoryEntityType } from '../../../contract/audit';
import { DataTable } from '../../ui';
import { historyColumns, historyPhoneColumns, useFittingColumns } from './columns';
import { useAuditHistory } from './useAuditHistory';

export interface AuditHistoryProps {
  entityType: HistoryEntityType;
  entityId: number;
  empty?: string;
}

/**
 * Who changed a record, when and how, newest first, read as the audit log reads it (ADR 048): each change field by
 * field, with the undos that took it back and the other records they touched by name.
 */
export function AuditHistory({ entityType, entityId, empty }: AuditHistoryProps) {
  const history = useAuditHistory(entityType, entityId);
  return (
    <DataTable
      caption="History"
      {...useFittingColumns(historyColumns, historyPhoneColumns, 600)}
      rows={history.data}
      loading={history.isFetching}
      error={history.error}
      onRetry={() => void history.refetch()}
      empty={empty ?? 'No changes recorded yet.'}
    />
  );
}
