-- migration: no-transaction
-- Expand (ADR 028): the devices list filtered by status, with or without a model, reads those devices by id instead
-- of walking every device's key until a page of them turns up (a rare status with a model: 674,000 keys, 0.1–10 s at
-- a million devices). devices_status_idx becomes a prefix of the first; it is dropped in a later release.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "devices_status_id_idx" ON "devices" USING btree ("device_status_id","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "devices_status_product_idx" ON "devices" USING btree ("device_status_id","product_id","id");
