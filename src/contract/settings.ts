import { z } from './zod';
import { endpoint } from './endpoint';
import { pageOf, pageQuery, sortParam } from './pagination';
import { text } from './primitives';

/** Placeholders a lookup e-mail may use; a test send fills them with the values shown in the settings form. */
export const LOOKUP_EMAIL_PLACEHOLDERS = {
  '{name}': "the recipient's name",
  '{email}': "the recipient's e-mail address",
  '{date}': 'the date of sending (MM/DD/YYYY)',
} as const;
export type LookupEmailPlaceholder = keyof typeof LOOKUP_EMAIL_PLACEHOLDERS;

export const EMAILS_SENT_MESSAGE = 'Emails sent!';
export const SETTINGS_SAVED_MESSAGE = 'Settings saved.';
export const MAX_TEST_ADDRESSES = 20;
const placeholderList = Object.keys(LOOKUP_EMAIL_PLACEHOLDERS).join(', ');

function knownPlaceholders(field: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    for (const [token] of value.matchAll(/\{[^{}\s]*\}/g)) {
      if (!(token in LOOKUP_EMAIL_PLACEHOLDERS)) {
        ctx.addIssue({
          code: 'custom',
          message: `The ${field} uses the unknown placeholder ${token}. Use ${placeholderList}.`,
        });
        return;
      }
    }
  };
}

const emailAddress = z.email('The sender email must be a valid email address.');

export const lookupEmailSettings = z.strictObject({
  subject: text({ label: 'subject', max: 200 }).superRefine(knownPlaceholders('subject')),
  senderName: text({ label: 'sender name', max: 100 }).refine(
    (v) => !/[<>"\r\n]/.test(v),
    'The sender name may not contain <, >, quotes or line breaks.',
  ),
  senderEmail: text({ label: 'sender email', max: 254 }).pipe(emailAddress),
  body: text({ label: 'body', max: 20_000 }).superRefine(knownPlaceholders('body')),
});
export type LookupEmailSettings = z.infer<typeof lookupEmailSettings>;

/** What a lookup e-mail says until staff save their own. */
export const DEFAULT_LOOKUP_EMAIL: LookupEmailSettings = {
  subject: 'Your plan lookup results',
  senderName: 'Back Office',
  senderEmail: 'no-reply@example.com',
  body: 'Hi {name},\n\nThank you for looking up your plan with us on {date}. Reply to this e-mail and we will help you choose the best option.\n\nThe team',
};

/**
 * A save names the version it edits (the `updatedAt` it loaded, null for the defaults), so a save made after
 * someone else's is refused instead of silently undoing it.
 */
export const saveLookupEmailBody = lookupEmailSettings.extend({
  version: z
    .string({ error: 'The version field is required.' })
    .pipe(z.iso.datetime('The version must be the time the settings were saved.'))
    .nullable(),
});
export type SaveLookupEmailBody = z.infer<typeof saveLookupEmailBody>;
export const SETTINGS_CHANGED_MESSAGE =
  'Someone else saved these settings after you opened them. Reload the page to see their changes, then edit again.';

// Plain strings: an answer is serialised as it is, and the input fields' transforms only run one way.
export const lookupEmailSettingsAnswer = z.object({
  subject: z.string(),
  senderName: z.string(),
  senderEmail: z.string(),
  body: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type LookupEmailSettingsAnswer = z.infer<typeof lookupEmailSettingsAnswer>;

/** Splits the comma-separated field into trimmed addresses, dropping empty entries and repeats. */
export function splitAddresses(value: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of value.split(',')) {
    const address = part.trim();
    if (address && !seen.has(address.toLowerCase())) {
      seen.add(address.toLowerCase());
      out.push(address);
    }
  }
  return out;
}

export const sendLookupEmailTestBody = z.strictObject({
  // Not required here: the check below says so once, for an empty field and for one of commas alike.
  addresses: text({ label: 'addresses', max: 10_000, required: false })
    .superRefine((value, ctx) => {
      const addresses = splitAddresses(value);
      if (!addresses.length) ctx.addIssue({ code: 'custom', message: 'The addresses field is required.' });
      else if (addresses.length > MAX_TEST_ADDRESSES)
        ctx.addIssue({
          code: 'custom',
          message: `No more than ${MAX_TEST_ADDRESSES} addresses may be sent to at once.`,
        });
      else {
        const bad = addresses.find((a) => a.length > 254 || !emailAddress.safeParse(a).success);
        if (bad) ctx.addIssue({ code: 'custom', message: `"${bad}" is not a valid email address.` });
      }
    })
    .transform(splitAddresses),
});
export type SendLookupEmailTestBody = z.input<typeof sendLookupEmailTestBody>;

export const sendLookupEmailTestAnswer = z.object({
  sent: z.literal(true),
  count: z.number(),
  transport: z.enum(['smtp', 'outbox']),
});
export type SendLookupEmailTestAnswer = z.infer<typeof sendLookupEmailTestAnswer>;

export const outboxRow = z.object({
  id: z.number(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.string(),
  createdAt: z.string(),
});
export type OutboxRow = z.infer<typeof outboxRow>;

const lookupEmail = endpoint({
  method: 'GET',
  path: '/admin/api/settings/lookup-email',
  response: lookupEmailSettingsAnswer,
  access: 'settings.manage',
  reads: ['settings'],
  summary: 'The lookup e-mail settings (the defaults until saved), with who saved them last.',
});

export const settingsEndpoints = {
  lookupEmail,
  saveLookupEmail: endpoint({
    method: 'PUT',
    path: lookupEmail.path,
    body: saveLookupEmailBody,
    response: lookupEmailSettingsAnswer,
    access: 'settings.manage',
    changes: ['settings', 'audit'],
    summary: 'Saves the lookup e-mail settings over the version loaded (409 when someone saved since).',
  }),
  sendLookupEmailTest: endpoint({
    method: 'POST',
    path: '/admin/settings/send-lookup-email-test',
    body: sendLookupEmailTestBody,
    response: sendLookupEmailTestAnswer,
    access: 'settings.manage',
    changes: ['mail'],
    summary: 'Sends the saved lookup e-mail to each address given (§7).',
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/admin/api/mail-outbox',
    query: pageQuery.extend({ sort: sortParam(['createdAt'], '-createdAt') }),
    response: pageOf(outboxRow),
    access: 'settings.manage',
    reads: ['mail'],
    summary: 'A page of the e-mails sent, newest first.',
  }),
};
