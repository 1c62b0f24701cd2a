-- migration: no-transaction
-- Expand (ADR 028): each cancellation keeps its subscription's carrier, so the list's carrier filter reads one index
-- in list order and counts with no join (ADR 071): through the join, a small carrier's page walked the cancellations
-- newest first testing each one's subscription. Migration 0003's trigger now copies the carrier with the name, in
-- its one lookup, and a change of carrier is copied too, so the previous release, still serving beside this one,
-- need not know of it. Every statement can run again after a start that failed part way; the backfill commits each
-- batch, so it holds no lock for long.
ALTER TABLE "subscription_cancellations" ADD COLUMN IF NOT EXISTS "carrier_id" integer;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cancellation_customer_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.name, s.carrier_id INTO NEW.customer_name, NEW.carrier_id
  FROM subscriptions s JOIN customers c ON c.id = s.customer_id WHERE s.id = NEW.subscription_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER cancellation_customer_name
  BEFORE INSERT OR UPDATE OF subscription_id, customer_name, carrier_id ON subscription_cancellations
  FOR EACH ROW EXECUTE FUNCTION cancellation_customer_name();--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscription_carrier_to_cancellations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE subscription_cancellations SET carrier_id = NEW.carrier_id WHERE subscription_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscription_carrier_to_cancellations
  AFTER UPDATE OF carrier_id ON subscriptions
  FOR EACH ROW WHEN (OLD.carrier_id IS DISTINCT FROM NEW.carrier_id)
  EXECUTE FUNCTION subscription_carrier_to_cancellations();--> statement-breakpoint
DO $$
DECLARE
  batch CONSTANT int := 20000;
  low int := 0;
  top int := (SELECT coalesce(max(id), 0) FROM subscription_cancellations);
BEGIN
  WHILE low <= top LOOP
    -- The row trigger sets the carrier (the value set here is replaced by it).
    UPDATE subscription_cancellations SET carrier_id = 0
    WHERE id >= low AND id < low + batch AND carrier_id IS NULL;
    COMMIT;
    low := low + batch;
  END LOOP;
END $$;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "cancellations_carrier_cancelled_at_idx" ON "subscription_cancellations" USING btree ("carrier_id","cancelled_at","id");
