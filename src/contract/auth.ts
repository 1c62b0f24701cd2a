import { z } from 'zod';
import { ROLE_IDS } from './access';
import { endpoint } from './endpoint';
import { text, unstorableText } from './primitives';

/** The sign-in page; its form posts to the same address (a classic form post works without the SPA). */
export const LOGIN_PAGE = '/admin/login';

export const loginBody = z.strictObject({
  email: text({ label: 'email', max: 254 }).pipe(z.email('The email must be a valid email address.')),
  // Taken exactly as typed (no trimming or normalising): it must match the password as it was hashed.
  password: z
    .string({ error: 'The password field is required.' })
    .min(1, 'The password field is required.')
    .max(200, 'The password may not be longer than 200 characters.')
    .superRefine((value, ctx) => {
      const problem = unstorableText(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `The password ${problem}.` });
    }),
});
export type LoginBody = z.input<typeof loginBody>;

export const currentUser = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLE_IDS),
  isRep: z.boolean(),
  canForceCreate: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const INVALID_CREDENTIALS_MESSAGE = 'These credentials do not match our records.';
export const TOO_MANY_LOGINS_MESSAGE = 'Too many sign-in attempts. Please wait a minute and try again.';

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: LOGIN_PAGE,
    body: loginBody,
    response: z.object({ user: currentUser, csrfToken: z.string() }),
    access: 'public',
    summary: 'Signs in: the user and the CSRF token of the new session (a classic form post is redirected).',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/admin/logout',
    access: 'public',
    summary: 'Signs out (a classic form post is redirected to the sign-in page).',
  }),
  me: endpoint({
    method: 'GET',
    path: '/admin/api/me',
    response: currentUser,
    access: 'signed-in',
    summary: 'The signed-in user.',
  }),
};
