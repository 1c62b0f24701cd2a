-- migration: no-transaction
-- Contract (ADR 028, ADR 054): (cancelled_at, id) serves every read the index on cancelled_at alone served, which
-- only made the planner choose between them (and an incremental sort). Dropped CONCURRENTLY, so the subscriptions
-- stay writable meanwhile; the previous release's reads use the other index as they do here.
DROP INDEX CONCURRENTLY IF EXISTS "subscriptions_cancelled_at_idx";
