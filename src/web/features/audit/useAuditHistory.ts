import { auditEndpoints, type HistoryEntityType } from '../../../contract/audit';
import { useApiQuery } from '../../lib/data';

/**
 * The cache key of every record history, for pages that still invalidate by key; with `useApiMutation`,
 * pass `invalidates: [auditEndpoints.list]` instead.
 */

export function useAuditHistory(entityType: HistoryEntityType, entityId: number) {
  return useApiQuery(auditEndpoints.list, { query: { entityType, entityId } });
}
