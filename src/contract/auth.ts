import { z } from './zod';
import { ROLE_IDS } from './access';
import { endpoint } from './endpoint';
import { LOGIN_PAGE } from './pages';
import { signInCode } from './mfa';
import { text, unstorableText } from './primitives';

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

/** The second step of a sign-in with two-factor sign-in on (ADR 014). */
export const LOGIN_CODE_PATH = '/admin/login/totp';
export const loginCodeBody = z.strictObject({ code: signInCode() });
export type LoginCodeBody = z.input<typeof loginCodeBody>;

/** A signed-in answer: the user and the CSRF token of the new session. */
export const signedIn = z.object({ user: currentUser, csrfToken: z.string() });

export const INVALID_CREDENTIALS_MESSAGE = 'These credentials do not match our records.';
export const TOO_MANY_LOGINS_MESSAGE = 'Too many sign-in attempts. Please wait a minute and try again.';

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: LOGIN_PAGE,
    body: loginBody,
    // With two-factor sign-in on, the right password only opens the second step (a short-lived signed cookie).
    response: z.union([signedIn, z.object({ mfaRequired: z.literal(true) })]),
    access: 'public',
    changes: ['sessions', 'audit'],
    summary:
      'Signs in: the user and the CSRF token of the new session, or `mfaRequired` when a code must follow (a classic form post is redirected).',
  }),
  loginCode: endpoint({
    method: 'POST',
    path: LOGIN_CODE_PATH,
    body: loginCodeBody,
    response: signedIn,
    access: 'public',
    changes: ['sessions', 'audit'],
    summary:
      "Second step of a sign-in: a current code of the user's app, or an unused recovery code, within 5 minutes of the password.",
  }),
  logout: endpoint({
    method: 'POST',
    path: '/admin/logout',
    access: 'public',
    changes: ['sessions', 'audit'],
    summary: 'Signs out (a classic form post is redirected to the sign-in page).',
  }),
  me: endpoint({
    method: 'GET',
    path: '/admin/api/me',
    response: currentUser,
    access: 'signed-in',
    reads: ['sessions', 'staff'],
    summary: 'The signed-in user.',
  }),
};
