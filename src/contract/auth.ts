import { z } from 'zod';
import { ROLE_IDS } from './access';

export const authPaths = {
  login: '/admin/login',
  logout: '/admin/logout',
  me: '/admin/api/me',
} as const;

export const loginBody = z.strictObject({
  email: z
    .string({ error: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(254, 'The email may not be longer than 254 characters.')
    .pipe(z.email('The email must be a valid email address.')),
  password: z
    .string({ error: 'The password field is required.' })
    .min(1, 'The password field is required.')
    .max(200, 'The password may not be longer than 200 characters.'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const currentUser = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLE_IDS),
  isRep: z.boolean(),
  canForceCreate: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const loginResponse = z.object({ user: currentUser, csrfToken: z.string() });

export const INVALID_CREDENTIALS_MESSAGE = 'These credentials do not match our records.';
export const TOO_MANY_LOGINS_MESSAGE = 'Too many sign-in attempts. Please wait a minute and try again.';
