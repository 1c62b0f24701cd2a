import { can, type Permission } from '../../../contract/access';
import { authEndpoints, LOGIN_PAGE, type CurrentUser, type LoginBody } from '../../../contract/auth';
import { api } from '../../lib/api';
import { setCsrfToken } from '../../lib/http';
import { useApiMutation, useApiQuery } from '../../ui';

export function useCurrentUser() {
  return useApiQuery(authEndpoints.me, {});
}

/** Whether the signed-in user's role includes a permission; false until the user is known. */
export function useCan() {
  const me = useCurrentUser();
  return (permission: Permission) => (me.data ? can(me.data.role, permission) : false);
}

export async function signIn(body: LoginBody): Promise<CurrentUser> {
  const { user, csrfToken } = await api(authEndpoints.login, { body });
  setCsrfToken(csrfToken);
  return user;
}

/** Signs out, then loads the sign-in page (a full load drops every cached answer of the session). */
export function useSignOut() {
  return useApiMutation(authEndpoints.logout, { onSuccess: () => window.location.assign(LOGIN_PAGE) });
}
