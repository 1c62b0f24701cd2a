import { can, type Permission } from '../../../contract/access';
import { authEndpoints, type LoginBody, type LoginCodeBody } from '../../../contract/auth';
import { LOGIN_PAGE } from '../../../contract/pages';
import { api } from '../../lib/api';
import { setCsrfToken } from '../../lib/http';
import { useApiMutation, useApiQuery } from '../../lib/data';

export function useCurrentUser() {
  return useApiQuery(authEndpoints.me, {});
}

/** Whether the signed-in user's role includes a permission; false until the user is known. */
export function useCan() {
  const me = useCurrentUser();
  return (permission: Permission) => (me.data ? can(me.data.role, permission) : false);
}

/** The password step: 'code' when the account has two-factor sign-in on and a code must follow (ADR 014). */
export async function signIn(body: LoginBody): Promise<'signed-in' | 'code'> {
  const answer = await api(authEndpoints.login, { body });
  if ('mfaRequired' in answer) return 'code';
  setCsrfToken(answer.csrfToken);
  return 'signed-in';
}

/** The code step, within 5 minutes of the password step. */
export async function signInWithCode(body: LoginCodeBody): Promise<void> {
  const { csrfToken } = await api(authEndpoints.loginCode, { body });
  setCsrfToken(csrfToken);
}

/** Signs out, then loads the sign-in page (a full load drops every cached answer of the session). */
export function useSignOut() {
  return useApiMutation(authEndpoints.logout, { onSuccess: () => window.location.assign(LOGIN_PAGE) });
}
