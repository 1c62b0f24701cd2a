-- migration: no-transaction
-- Expand (ADR 028): the speed tests near a place beside the visit form read the visits in a box of positions
-- (coverage-near.ts) instead of every visit.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "prospects_position_idx" ON "prospects" USING btree ("lat","lng");
