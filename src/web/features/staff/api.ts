import { mfaEndpoints } from '../../../contract/mfa';
import { accountEndpoints, staffEndpoints } from '../../../contract/staff';
import { useApiQuery } from '../../lib/data';

export function useStaff() {
  return useApiQuery(staffEndpoints.list, {});
}

export function useOwnSessions() {
  return useApiQuery(accountEndpoints.sessions, {});
}

/** The signed-in user's two-factor sign-in (ADR 014). */
export function useMfaStatus() {
  return useApiQuery(mfaEndpoints.status, {});
}
