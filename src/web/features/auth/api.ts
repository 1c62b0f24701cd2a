import { allows, type Access } from '../../../contract/access';
import { authEndpoints, type LoginBody, type LoginCodeBody } from '../../../contract/auth';
import { LOGIN_PAGE } from '../../../contract/pages';
import { api } from '../../lib/api';
import { setCsrfToken } from '../../lib/http';
import { forgetCachedAnswers } from '../../lib/offline/cached-answers';
import { fetchApiQuery, useApiMutation, useApiQuery } from '../../lib/data';
import { queryClient } from '../../lib/query-client';

export function useCurrentUser() {
  return useApiQuery(authEndpoints.me, {});
}

/**
 * Whether the signed-in user's role passes an access declaration (a permission, or `signed-in`): a page's, or the
 * `access` of the endpoint an action calls. False until the user is known.
 */
export function useCan() {
  const me = useCurrentUser();
  return (access: Access) => (me.data ? allows(me.data.role, access) : false);
}

/**
 * The same question outside the frame, once the user is known: a route's loader runs before the frame has them.
 * False when no one is signed in (the frame sends them to the sign-in page).
 */
export async function userMay(access: Access): Promise<boolean> {
  try {
    return allows((await fetchApiQuery(queryClient, authEndpoints.me, {})).role, access);
  } catch {
    return false;
  }
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

/**
 * Signs out, forgets what was kept for offline use (the service worker's pages and answers, and whatever
 * `forgetMore` removes), then loads the sign-in page (a full load drops every cached answer of the session).
 */
export function useSignOut(forgetMore: () => Promise<void> = async () => {}) {
  return useApiMutation(authEndpoints.logout, {
    onSuccess: () =>
      void Promise.all([forgetCachedAnswers(), forgetMore()]).finally(() => window.location.assign(LOGIN_PAGE)),
  });
}
