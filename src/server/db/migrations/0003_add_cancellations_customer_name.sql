-- migration: no-transaction
-- Expand (ADR 028): each cancellation keeps its customer's name, so the list's search by name reads this table and
-- one trigram index (ADR 040) instead of joining every cancellation to its subscription and customer. Triggers
-- keep the copy, so the previous release, still serving beside this one, need not know of it. Every statement can
-- run again after a start that failed part way; the backfill commits each batch, so it holds no lock for long.
ALTER TABLE "subscription_cancellations" ADD COLUMN IF NOT EXISTS "customer_name" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cancellation_customer_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.customer_name := (
    SELECT c.name FROM subscriptions s JOIN customers c ON c.id = s.customer_id WHERE s.id = NEW.subscription_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER cancellation_customer_name
  BEFORE INSERT OR UPDATE OF subscription_id, customer_name ON subscription_cancellations
  FOR EACH ROW EXECUTE FUNCTION cancellation_customer_name();--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_name_to_cancellations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE subscription_cancellations SET customer_name = NEW.name
  WHERE subscription_id IN (SELECT id FROM subscriptions WHERE customer_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER customer_name_to_cancellations
  AFTER UPDATE OF name ON customers
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION customer_name_to_cancellations();--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscription_customer_to_cancellations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE subscription_cancellations SET customer_name = NULL WHERE subscription_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscription_customer_to_cancellations
  AFTER UPDATE OF customer_id ON subscriptions
  FOR EACH ROW WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION subscription_customer_to_cancellations();--> statement-breakpoint
DO $$
DECLARE
  batch CONSTANT int := 20000;
  low int := 0;
  top int := (SELECT coalesce(max(id), 0) FROM subscription_cancellations);
BEGIN
  WHILE low <= top LOOP
    -- The row trigger sets the name (the value set here is replaced by it).
    UPDATE subscription_cancellations SET customer_name = ''
    WHERE id >= low AND id < low + batch AND customer_name IS NULL;
    COMMIT;
    low := low + batch;
  END LOOP;
END $$;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "cancellations_customer_name_trgm_idx" ON "subscription_cancellations" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
-- The planner's estimate of a name's matches picks between walking the list newest first and sorting the matches;
-- statistics of 1,000 values as customers' names keep (planner-statistics.ts), read at once rather than on a later
-- autovacuum.
ALTER TABLE "subscription_cancellations" ALTER COLUMN "customer_name" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE subscription_cancellations (customer_name);
