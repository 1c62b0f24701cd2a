/** What other modules may use of mail: the transport and the outbox listing. */
export { createMailer, type Mail, type Mailer } from './mailer';
export { outboxPage } from './mail.queries';
