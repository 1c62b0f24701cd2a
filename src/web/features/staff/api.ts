import { accountEndpoints, staffEndpoints } from '../../../contract/staff';
import { useApiQuery } from '../../ui';

export function useStaff() {
  return useApiQuery(staffEndpoints.list, {});
}

export function useOwnSessions() {
  return useApiQuery(accountEndpoints.sessions, {});
}
