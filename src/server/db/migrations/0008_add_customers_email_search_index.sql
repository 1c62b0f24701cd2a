-- migration: no-transaction
-- Expand (ADR 028): the customer search finds any part of an e-mail address ("jsmith", "@example") through one
-- trigram index instead of reading every customer. Built CONCURRENTLY, so customers can still be added meanwhile;
-- the previous release ignores it.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops);
