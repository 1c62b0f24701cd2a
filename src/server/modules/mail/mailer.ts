import nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types';
import { recordOutbox, sentUnder } from './mail.queries';

export interface Mail {
  to: string;
  /** Defaults to MAIL_FROM. */
  from?: string;
  subject: string;
  text: string;
  /** An HTML part beside the text, with its pictures attached (`cid:` links). */
  html?: string;
  attachments?: SendMailOptions['attachments'];
  headers?: Record<string, string>;
  /**
   * Names the e-mail of a job that may run twice (a retry, a run taken over from an instance that died): one already
   * in the outbox under this key is not sent again.
   */
  idempotencyKey?: string;
}

export type MailTransport = 'smtp' | 'outbox';

export interface Mailer {
  readonly transport: MailTransport;
  /**
   * Sends one e-mail and records it in the outbox with its transport; throws when the SMTP server refuses it.
   * `sent` is false when its idempotency key was sent before (nothing sent now).
   */
  send(mail: Mail, log?: FastifyBaseLogger): Promise<{ messageId: string; sent: boolean }>;
}

/**
 * Real mail through nodemailer: to SMTP_URL when set; otherwise the message is still built by nodemailer
 * (so it is exactly what would go out) and kept only in the outbox, which the settings page lists.
 */
export function createMailer(db: Db, { smtpUrl, defaultFrom }: { smtpUrl?: string; defaultFrom: string }): Mailer {
  const transport: MailTransport = smtpUrl ? 'smtp' : 'outbox';
  // A silent SMTP server must cost the user seconds, not nodemailer's default minutes; the URL may override.
  const transporter: Transporter = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    transport,
    async send(mail, log) {
      const { idempotencyKey = null } = mail;
      if (idempotencyKey) {
        const earlier = await sentUnder(db, idempotencyKey);
        if (earlier !== undefined) return { messageId: earlier ?? '', sent: false };
      }
      const from = mail.from ?? defaultFrom;
      const info = await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        headers: mail.headers,
      });
      await recordOutbox(db, {
        to: mail.to,
        from,
        subject: mail.subject,
        text: mail.text,
        transport,
        messageId: info.messageId ?? null,
        idempotencyKey,
      });
      log?.info({ to: mail.to, subject: mail.subject, transport, messageId: info.messageId }, 'mail sent');
      return { messageId: info.messageId, sent: true };
    },
  };
}
