import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types';
import {
  DEFAULT_LOOKUP_EMAIL,
  lookupEmailSettings,
  SETTINGS_CHANGED_MESSAGE,
  type LookupEmailPlaceholder,
  type LookupEmailSettingsAnswer,
  type SaveLookupEmailBody,
} from '../../../contract/settings';
import { ActionError } from '../../http/errors';
import { recordAudit } from '../audit';
import type { Mailer } from '../mail';
import { insertSetting, lockSetting, readSetting, updateSetting } from './settings.queries';

const LOOKUP_EMAIL_KEY = 'lookup_email';
/** Settings rows are keyed by name; the audit log wants a number, so each audited setting has a fixed one. */
const LOOKUP_EMAIL_AUDIT = { entityType: 'settings.lookup_email', entityId: 1 } as const;

export async function getLookupEmailSettings(db: Db): Promise<LookupEmailSettingsAnswer> {
  const row = await readSetting(db, LOOKUP_EMAIL_KEY);
  // A stored value from an older shape falls back to the defaults field by field rather than failing the page.
  const stored = lookupEmailSettings.partial().safeParse(row?.value ?? {});
  return {
    ...DEFAULT_LOOKUP_EMAIL,
    ...(stored.success ? stored.data : {}),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** Saves over the version the user loaded; a save made after someone else's is refused (409), nothing changed. */
export async function saveLookupEmailSettings(db: Db, userId: number, { version, ...value }: SaveLookupEmailBody) {
  await db.transaction(async (tx) => {
    const before = await lockSetting(tx, LOOKUP_EMAIL_KEY);
    if ((before?.updatedAt.toISOString() ?? null) !== version) throw new ActionError(SETTINGS_CHANGED_MESSAGE, 409);
    if (before) await updateSetting(tx, LOOKUP_EMAIL_KEY, value, userId);
    // Nothing to lock before the first save: the insert itself decides which of two first saves wins.
    else if (!(await insertSetting(tx, LOOKUP_EMAIL_KEY, value, userId)))
      throw new ActionError(SETTINGS_CHANGED_MESSAGE, 409);
    await recordAudit(tx, {
      userId,
      action: 'settings.updated',
      ...LOOKUP_EMAIL_AUDIT,
      before: before?.value ?? null,
      after: value,
    });
  });
}

export function fillPlaceholders(template: string, values: Record<LookupEmailPlaceholder, string>): string {
  return template.replace(/\{[^{}\s]*\}/g, (token) => values[token as LookupEmailPlaceholder] ?? token);
}

function formatDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', year: 'numeric' }).format(now);
}

/**
 * One real e-mail per address with the saved lookup settings (placeholders filled with test values).
 * Addresses are validated before anything is sent; an SMTP refusal stops the batch and names the address.
 */
export async function sendLookupEmailTest(
  db: Db,
  mailer: Mailer,
  {
    addresses,
    timeZone,
    recipientName,
    log,
  }: { addresses: string[]; timeZone: string; recipientName: string; log: FastifyBaseLogger },
): Promise<number> {
  const template = await getLookupEmailSettings(db);
  const date = formatDate(new Date(), timeZone);
  let sent = 0;
  for (const to of addresses) {
    const values = { '{name}': recipientName, '{email}': to, '{date}': date };
    try {
      await mailer.send(
        {
          to,
          from: `"${template.senderName}" <${template.senderEmail}>`,
          subject: fillPlaceholders(template.subject, values),
          text: fillPlaceholders(template.body, values),
        },
        log,
      );
      sent += 1;
    } catch (err) {
      log.error({ err, to, sentBefore: sent }, 'lookup test e-mail failed');
      const reason = err instanceof Error ? err.message : String(err);
      const already = sent ? ` (${sent} sent before it)` : '';
      throw new ActionError(`The e-mail to ${to} could not be sent${already}: ${reason}`, 502);
    }
  }
  return sent;
}
