import { z } from 'zod';
import { pageOf, pageQuery } from './pagination';

export const settingsPaths = {
  lookupEmail: '/admin/api/settings/lookup-email',
  sendLookupEmailTest: '/admin/settings/send-lookup-email-test',
  outbox: '/admin/api/mail-outbox',
} as const;

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
  subject: z
    .string({ error: 'The subject field is required.' })
    .trim()
    .min(1, 'The subject field is required.')
    .max(200, 'The subject may not be longer than 200 characters.')
    .superRefine(knownPlaceholders('subject')),
  senderName: z
    .string({ error: 'The sender name field is required.' })
    .trim()
    .min(1, 'The sender name field is required.')
    .max(100, 'The sender name may not be longer than 100 characters.')
    .refine((v) => !/[<>"\r\n]/.test(v), 'The sender name may not contain <, >, quotes or line breaks.'),
  senderEmail: z
    .string({ error: 'The sender email field is required.' })
    .trim()
    .min(1, 'The sender email field is required.')
    .max(254, 'The sender email may not be longer than 254 characters.')
    .pipe(emailAddress),
  body: z
    .string({ error: 'The body field is required.' })
    .trim()
    .min(1, 'The body field is required.')
    .max(20_000, 'The body may not be longer than 20000 characters.')
    .superRefine(knownPlaceholders('body')),
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
  version: z.string({ error: 'The version field is required.' }).max(40).nullable(),
});
export type SaveLookupEmailBody = z.infer<typeof saveLookupEmailBody>;
export const SETTINGS_CHANGED_MESSAGE =
  'Someone else saved these settings after you opened them. Reload the page to see their changes, then edit again.';

export const lookupEmailSettingsAnswer = lookupEmailSettings.extend({
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
  addresses: z
    .string({ error: 'The addresses field is required.' })
    .max(10_000, 'The addresses field may not be longer than 10000 characters.')
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
export const outboxQuery = pageQuery;
export const outboxPage = pageOf(outboxRow);
