import type { HistoryEntityType } from '../../../contract/audit';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { DataTable } from '../../ui';
import { fittingColumns, historyColumns, historyPhoneColumns, NARROW_TABLE } from './columns';
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
  // The space the page gives it, not the window: a device's history sits in a column beside its actions. Until that
  // is measured (a frame after the first draw) the window's width stands for it: a phone never draws the wide
  // columns first, to scroll them sideways for a frame.
  const { ref, width } = useElementSize();
  const narrow = (width || window.innerWidth) <= NARROW_TABLE;
  return (
    <Box ref={ref}>
      <DataTable
        caption="History"
        {...fittingColumns(narrow, historyColumns, historyPhoneColumns, 600)}
        rows={history.data}
        loading={history.isFetching}
        error={history.error}
        onRetry={() => void history.refetch()}
        empty={empty ?? 'No changes recorded yet.'}
      />
    </Box>
  );
}
