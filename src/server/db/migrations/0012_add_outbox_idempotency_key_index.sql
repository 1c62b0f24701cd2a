-- migration: no-transaction
-- Expand (ADR 028, ADR 059): a job's e-mail is recorded once under its key; built CONCURRENTLY, so the outbox can
-- still be written meanwhile. The previous release writes no key (null keys never collide).
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "mail_outbox_idempotency_key_idx" ON "mail_outbox" USING btree ("idempotency_key");
