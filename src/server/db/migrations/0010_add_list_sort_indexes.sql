-- migration: no-transaction
-- Expand (ADR 028): lists sorted by more of their columns (ADR 054), each order read off its own index in either
-- direction instead of sorting the list: subscriptions by cancellation date (subscriptions_cancelled_at_idx becomes
-- a prefix of it; it is dropped in a later release), prospect visits by the name they show, parcels by weight. Built
-- CONCURRENTLY, so rows can still be written meanwhile; the previous release ignores them.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "subscriptions_cancelled_at_id_idx" ON "subscriptions" USING btree ("cancelled_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "prospects_name_sort_idx" ON "prospects" USING btree ((lower(coalesce(nullif("name", ''), "address")) collate "C"),"id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parcels_weight_idx" ON "parcels" USING btree ("weight","id");
