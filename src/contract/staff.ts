import { z } from './zod';
import { ROLE_IDS } from './access';
import { endpoint } from './endpoint';
import { id, text, unstorableText } from './primitives';

/**
 * Staff accounts: the Administrators' list (invite, change role and flags, disable, sign out, reset a password),
 * each person's own account page (password, open sessions), and the public page a one-time link opens.
 */

export const PASSWORD_MIN_CHARS = 12;
export const PASSWORD_MAX_CHARS = 200;
/** How long an invitation or reset link works. */
export const PASSWORD_LINK_HOURS = 48;

export const STAFF_MESSAGES = {
  passwordRequired: 'The password field is required.',
  passwordTooShort: `The password must be at least ${PASSWORD_MIN_CHARS} characters.`,
  passwordTooLong: `The password may not be longer than ${PASSWORD_MAX_CHARS} characters.`,
  passwordTooWeak: 'This password is too common or too easy to guess. Choose a longer or less common one.',
  passwordMismatch: 'The two passwords do not match.',
  currentPasswordWrong: 'The current password is not correct.',
  emailTaken: 'A staff account with this e-mail already exists.',
  notFound: 'Staff account not found.',
  lastAdministrator:
    'This is the last active Administrator. Make another account an Administrator before disabling or demoting this one.',
  linkInvalid: 'This link is not valid. Ask an Administrator for a new one.',
  linkExpired: 'This link has expired. Ask an Administrator for a new one.',
  linkUsed: 'This link has already been used. Sign in, or ask an Administrator for a new one.',
  accountDisabled: 'This account is disabled. Ask an Administrator to enable it.',
  disableSelf: 'You cannot disable your own account. Ask another Administrator.',
  resetDisabled: 'This account is disabled: enable it before sending it a new link.',
  sessionNotFound: 'This session has already ended.',
  currentSession: 'This is the session you are using: sign out instead.',
} as const;

/**
 * A new password as typed: never trimmed or normalised (it must match what the sign-in form sends), bounded
 * in characters (code points) below and in UTF-16 units above, as the sign-in form bounds it. Whether it is too
 * easy to guess only the server can tell (it holds the dictionary); its message lands on the same field.
 */
export const newPassword = () =>
  z
    .string({ error: STAFF_MESSAGES.passwordRequired })
    .max(PASSWORD_MAX_CHARS, STAFF_MESSAGES.passwordTooLong)
    .superRefine((value, ctx) => {
      const problem = unstorableText(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `The password ${problem}.` });
      else if (!value) ctx.addIssue({ code: 'custom', message: STAFF_MESSAGES.passwordRequired });
      else if ([...value].length < PASSWORD_MIN_CHARS)
        ctx.addIssue({ code: 'custom', message: STAFF_MESSAGES.passwordTooShort });
    });

const email = text({ label: 'email', max: 254 }).pipe(z.email('The email must be a valid email address.'));
const role = z.enum(ROLE_IDS, { error: `The role must be one of: ${ROLE_IDS.join(', ')}.` });
const flag = (label: string) => z.boolean({ error: `The ${label} field must be true or false.` });

export const STAFF_STATUSES = ['active', 'invited', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  disabled: 'Disabled',
};

export const staffRow = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLE_IDS),
  isRep: z.boolean(),
  canForceCreate: z.boolean(),
  lastSignInAt: z.string().nullable(),
  /** Sessions that still count: unexpired and begun since the last sign-out everywhere. */
  openSessions: z.number(),
  status: z.enum(STAFF_STATUSES),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof staffRow>;

export const inviteBody = z.strictObject({
  email,
  name: text({ label: 'name', max: 120 }),
  role,
  isRep: flag('rep').default(false),
  canForceCreate: flag('can force create').default(false),
});
export type InviteBody = z.input<typeof inviteBody>;
export type InviteInput = z.output<typeof inviteBody>;

/** What changes; a field left out stays as it is. */
export const staffUpdateBody = z.strictObject({
  name: text({ label: 'name', max: 120 }).optional(),
  role: role.optional(),
  isRep: flag('rep').optional(),
  canForceCreate: flag('can force create').optional(),
});
export type StaffUpdateBody = z.input<typeof staffUpdateBody>;
export type StaffUpdate = z.output<typeof staffUpdateBody>;

/** A one-time link, shown once to the Administrator who made it. */
export const passwordLink = z.object({
  url: z.string(),
  expiresAt: z.string(),
  /** Whether the e-mail with the link went out; when not, the Administrator passes the link on. */
  mailed: z.boolean(),
});
export type PasswordLink = z.infer<typeof passwordLink>;

const staffIdParams = z.object({ id: id() });

export const staffEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/staff',
    response: z.array(staffRow),
    access: 'staff.manage',
    reads: ['staff', 'sessions', 'two-factor'],
    summary: 'Every staff account with its role, flags, last sign-in, open sessions and status.',
  }),
  invite: endpoint({
    method: 'POST',
    path: '/admin/api/staff',
    body: inviteBody,
    response: z.object({ user: staffRow, link: passwordLink }),
    status: 201,
    access: 'staff.manage',
    changes: ['staff', 'audit'],
    summary: `Adds an account without a password and e-mails it a link to choose one (valid ${PASSWORD_LINK_HOURS} h).`,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/admin/api/staff/:id',
    params: staffIdParams,
    body: staffUpdateBody,
    response: staffRow,
    access: 'staff.manage',
    changes: ['staff', 'sessions', 'audit'],
    summary: 'Changes the name, role or flags of an account; the last active Administrator keeps the role.',
  }),
  disable: endpoint({
    method: 'POST',
    path: '/admin/api/staff/:id/disable',
    params: staffIdParams,
    response: staffRow,
    access: 'staff.manage',
    changes: ['staff', 'sessions', 'audit'],
    summary: 'Disables an account and ends its sessions at once; never the last active Administrator.',
  }),
  enable: endpoint({
    method: 'POST',
    path: '/admin/api/staff/:id/enable',
    params: staffIdParams,
    response: staffRow,
    access: 'staff.manage',
    changes: ['staff', 'audit'],
    summary: 'Lets a disabled account sign in again.',
  }),
  signOutEverywhere: endpoint({
    method: 'POST',
    path: '/admin/api/staff/:id/sign-out',
    params: staffIdParams,
    response: staffRow,
    access: 'staff.manage',
    changes: ['sessions', 'audit'],
    summary: 'Ends every session of an account.',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/admin/api/staff/:id/reset-password',
    params: staffIdParams,
    response: passwordLink,
    access: 'staff.manage',
    changes: ['staff', 'sessions', 'audit'],
    summary: `Ends every session of an account and e-mails it a link to choose a new password (valid ${PASSWORD_LINK_HOURS} h).`,
  }),
};

/** The opaque name of a session: never its id, which is the cookie's secret. */
export const sessionKey = z.string().regex(/^[0-9a-f]{16}$/, STAFF_MESSAGES.sessionNotFound);

export const ownSession = z.object({
  key: z.string(),
  signedInAt: z.string().nullable(),
  /** When it ends unless used before. */
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSession>;

export const changePasswordBody = z.strictObject({
  // Taken exactly as typed, like the sign-in form's password.
  currentPassword: z
    .string({ error: 'The current password field is required.' })
    .min(1, 'The current password field is required.')
    .max(PASSWORD_MAX_CHARS, STAFF_MESSAGES.currentPasswordWrong),
  password: newPassword(),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const accountEndpoints = {
  sessions: endpoint({
    method: 'GET',
    path: '/admin/api/account/sessions',
    response: z.array(ownSession),
    access: 'signed-in',
    reads: ['sessions'],
    summary: "The signed-in user's open sessions, newest first, this one marked.",
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/admin/api/account/sessions/:key',
    params: z.object({ key: sessionKey }),
    access: 'signed-in',
    changes: ['sessions', 'audit'],
    summary: "Ends another of the signed-in user's sessions.",
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/admin/api/account/password',
    body: changePasswordBody,
    access: 'signed-in',
    changes: ['staff', 'sessions', 'audit'],
    summary: "Changes the signed-in user's password: this session stays, every other one ends.",
  }),
};

/** The random token of a link: 32 bytes, base64url. */
const linkToken = z
  .string({ error: STAFF_MESSAGES.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, STAFF_MESSAGES.linkInvalid);

export const setPasswordBody = z.strictObject({ token: linkToken, password: newPassword() });
export type SetPasswordBody = z.input<typeof setPasswordBody>;

export const setPasswordEndpoints = {
  check: endpoint({
    method: 'GET',
    path: '/admin/api/set-password',
    query: z.object({ token: linkToken }),
    response: z.object({ email: z.string(), name: z.string(), purpose: z.enum(['invite', 'reset']) }),
    access: 'public',
    reads: ['staff'],
    summary: 'Whose password a one-time link sets, or why the link no longer works.',
  }),
  set: endpoint({
    method: 'POST',
    path: '/admin/api/set-password',
    body: setPasswordBody,
    access: 'public',
    changes: ['staff', 'sessions', 'audit'],
    summary: 'Sets the password through a one-time link, which then stops working; every session of the account ends.',
  }),
};
