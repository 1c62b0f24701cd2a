-- migration: no-transaction
-- Expand (ADR 028): a tab of equipment sorted by the time its phones came into that state (ADR 023) reads them off
-- this index in either direction, with no sort of the tab.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "equipment_state_updated_at_idx" ON "equipment" USING btree ("state","updated_at","id");
