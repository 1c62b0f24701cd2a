import type { KpiTile } from '../../../contract/stats';
import type { Mail } from '../mail';

/** The links every alert or digest e-mail carries: the page it is about, where to manage it, how to stop it. */
export interface MailLinks {
  page: string;
  manage: string;
  unsubscribe: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const formatNumber = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A tile's value as the dashboard writes it. */
export function formatTile(format: KpiTile['format'], value: number): string {
  if (format === 'money')
    return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (format === 'percent') return `${formatNumber(value)} %`;
  return formatNumber(value);
}

/** "+12.5 %" against the figure before; "new" when there was none. */
export function changeText(value: number, previous: number | null): string {
  if (previous === null) return '';
  if (previous === 0) return value === 0 ? '±0 %' : 'new';
  const change = ((value - previous) / Math.abs(previous)) * 100;
  return `${change >= 0 ? '+' : '−'}${formatNumber(Math.abs(Math.round(change * 10) / 10))} %`;
}

/**
 * An e-mail of ADR 059: a plain-text part and an HTML one with the same content, the manage and unsubscribe links
 * in both, and the one-click unsubscribe headers of RFC 8058 (a mail client's "Unsubscribe" posts to the link).
 */
export function notificationMail(
  parts: { to: string; subject: string; text: string[]; html: string[]; idempotencyKey: string },
  links: MailLinks,
  attachments: Mail['attachments'] = [],
): Mail {
  const footerText = [
    '',
    `Open the page: ${links.page}`,
    `Manage your alerts and digest: ${links.manage}`,
    `Unsubscribe from these e-mails: ${links.unsubscribe}`,
  ];
  const footerHtml =
    `<p style="margin-top:24px;font-size:13px;color:#495057">` +
    `<a href="${escapeHtml(links.page)}">Open the page</a> · ` +
    `<a href="${escapeHtml(links.manage)}">Manage your alerts and digest</a> · ` +
    `<a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`;
  return {
    to: parts.to,
    subject: parts.subject,
    text: [...parts.text, ...footerText].join('\n'),
    html:
      `<!doctype html><html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;` +
      `color:#212529;max-width:640px">${parts.html.join('')}${footerHtml}</body></html>`,
    attachments,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    idempotencyKey: parts.idempotencyKey,
  };
}
