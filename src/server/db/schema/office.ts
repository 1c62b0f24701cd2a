import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const feedbackSubmissions = pgTable(
  'feedback_submissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_created_at_idx').on(t.createdAt, t.id)],
);

/** Key/value settings (e.g. the lookup e-mail template); values validated by their contract schema. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedById: integer('updated_by_id').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every e-mail the product sends, whether delivered over SMTP or kept here when no SMTP_URL is set. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    transport: text('transport').notNull(),
    messageId: text('message_id'),
    /** Names one e-mail of a job (a digest's due time, an alert's event and recipient): sent again, it is skipped. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_created_at_idx').on(t.createdAt, t.id),
    uniqueIndex('mail_outbox_idempotency_key_idx').on(t.idempotencyKey),
  ],
);

/** Who changed what, when, from where, with the state before and after; also sign-ins and refusals (ADR 012). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    /** Null when the event concerns no record (a failed sign-in with an unknown e-mail). */
    entityId: integer('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The client address and user agent of the request, when one made the change. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    // The whole log, newest first, paged by (created_at, id).
    index('audit_log_created_at_idx').on(t.createdAt, t.id),
  ],
);

/** A person's named filters of a list (src/contract/saved-views.ts); a name is unique per person and list. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    search: text('search').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_user_list_name_idx').on(t.userId, t.list, t.name)],
);

/**
 * The answers of creates a client may send again (ADR 045): one row per user and `Idempotency-Key`, written in the
 * create's own transaction, so a retried create finds the first one's answer instead of making a second record.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The call (method and route) and a hash of its body: the same key for another request is refused. */
    request: text('request').notNull(),
    bodyHash: text('body_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
