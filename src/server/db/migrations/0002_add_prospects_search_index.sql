-- migration: no-transaction
-- Expand (ADR 028): the prospect visits' search (name, address, city, ZIP) reads one trigram index instead of
-- every visit. Built CONCURRENTLY, so visits can still be recorded meanwhile; the previous release ignores it.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "prospects_search_trgm_idx" ON "prospects" USING gin ("name" gin_trgm_ops,"address" gin_trgm_ops,"city" gin_trgm_ops,"zip" gin_trgm_ops);
