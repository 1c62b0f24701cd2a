-- Expand (ADR 028, ADR 059): alert rules, their events and digest subscriptions are new tables the previous release
-- never reads; the outbox gains a nullable key naming the e-mail of a job, indexed by the next migration.
CREATE TABLE "alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" double precision NOT NULL,
	"previous" double precision,
	"delivery" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"metric" text NOT NULL,
	"label" text NOT NULL,
	"view" text NOT NULL,
	"condition" text NOT NULL,
	"threshold" double precision NOT NULL,
	"frequency" text NOT NULL,
	"recipient_ids" integer[] DEFAULT '{}' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"firing" boolean DEFAULT false NOT NULL,
	"snoozed_until" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_value" double precision,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digest_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"cadence" text NOT NULL,
	"weekday" smallint,
	"hour" smallint NOT NULL,
	"charts" text[] DEFAULT '{}' NOT NULL,
	"last_due_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_subscriptions" ADD CONSTRAINT "digest_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_rule_idx" ON "alert_events" USING btree ("rule_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_events_pending_idx" ON "alert_events" USING btree ("created_at") WHERE "alert_events"."delivery" = 'pending';--> statement-breakpoint
CREATE INDEX "alert_rules_owner_idx" ON "alert_rules" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "alert_rules_next_check_idx" ON "alert_rules" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "digest_subscriptions_user_idx" ON "digest_subscriptions" USING btree ("user_id");