import { auditEndpoints, type HistoryEntityType } from '../../../contract/audit';
import { useApiQuery } from '../../lib/data';

/** A record's history: every audited write declares `audit` among what it changes, so it reloads after one. */
export function useAuditHistory(entityType: HistoryEntityType, entityId: number) {
  return useApiQuery(auditEndpoints.list, { query: { entityType, entityId } });
}
