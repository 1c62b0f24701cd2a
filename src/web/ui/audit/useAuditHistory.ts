import { useQuery } from '@tanstack/react-query';
import { auditPaths, type AuditEntry } from '../../../contract/audit';
import { http } from '../../lib/http';

/** Query keys of record histories; invalidate `auditKeys.all` after any change that writes an audit entry. */
export const auditKeys = {
  all: ['audit'] as const,
  of: (entityType: string, entityId: number) => ['audit', entityType, entityId] as const,
};

export function useAuditHistory(entityType: string, entityId: number) {
  return useQuery({
    queryKey: auditKeys.of(entityType, entityId),
    queryFn: ({ signal }) => http.get<AuditEntry[]>(auditPaths.list, { entityType, entityId }, { signal }),
  });
}
