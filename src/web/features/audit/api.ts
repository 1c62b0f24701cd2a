import { keepPreviousData } from '@tanstack/react-query';
import { auditLogEndpoints } from '../../../contract/audit';
import type { QueryIn } from '../../../contract/endpoint';
import { staffEndpoints } from '../../../contract/staff';
import { useApiQuery } from '../../lib/data';

export function useAuditLog(query: QueryIn<typeof auditLogEndpoints.list>) {
  return useApiQuery(auditLogEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

/** The accounts of the user filter: the audit log is for Administrators, who may list the staff. */
export function useStaffList() {
  return useApiQuery(staffEndpoints.list, {});
}
