import { useQuery } from '@tanstack/react-query';
import { authPaths, type CurrentUser, type LoginBody } from '../../../contract/auth';
import { http, setCsrfToken } from '../../lib/http';

export function useCurrentUser() {
  return useQuery({ queryKey: ['me'], queryFn: () => http.get<CurrentUser>(authPaths.me) });
}

export async function signIn(body: LoginBody): Promise<CurrentUser> {
  const res = await http.post<{ user: CurrentUser; csrfToken: string }>(authPaths.login, body);
  setCsrfToken(res.csrfToken);
  return res.user;
}

export async function signOut(): Promise<void> {
  await http.post(authPaths.logout);
}
