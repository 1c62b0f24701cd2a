CREATE TYPE "public"."supplier_billing_cycle" AS ENUM('30 Day', 'Calendar Month', 'Quarterly', 'Annual');--> statement-breakpoint
CREATE TYPE "public"."supplier_frequency" AS ENUM('Monthly', 'Per Renewal');--> statement-breakpoint
CREATE TYPE "public"."equipment_state" AS ENUM('inventory', 'hold', 'unbuilt', 'returning', 'blacklist_hold');--> statement-breakpoint
CREATE TYPE "public"."order_source" AS ENUM('direct', 'google_cpc', 'referral', 'plan_lookup_promo');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."location_source" AS ENUM('device', 'zip');--> statement-breakpoint
CREATE TYPE "public"."parcel_direction" AS ENUM('to_customer', 'from_customer');--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "password_tokens_purpose_check" CHECK (purpose in ('invite', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"is_rep" boolean DEFAULT false NOT NULL,
	"can_force_create" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp with time zone,
	"session_epoch" integer DEFAULT 0 NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role_check" CHECK (role in ('administrator', 'operations', 'field-rep', 'analyst'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"city" text,
	"state" text,
	"zip" text,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"prorates" boolean DEFAULT false NOT NULL,
	"supplier_report" boolean DEFAULT false NOT NULL,
	"frequency" "supplier_frequency" DEFAULT 'Monthly' NOT NULL,
	"billing_cycle" "supplier_billing_cycle" DEFAULT 'Calendar Month' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "device_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_swaps" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"new_device_id" integer,
	"supplier_id" integer,
	"customer_id" integer,
	"swapped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"imei" text,
	"sim" text NOT NULL,
	"phone" text,
	"product_id" integer,
	"device_status_id" integer NOT NULL,
	"supplier_id" integer,
	"unavailable" boolean DEFAULT false NOT NULL,
	"blacklist_hold" boolean DEFAULT false NOT NULL,
	"line_deleted_at" timestamp with time zone,
	"deployed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"imei" text NOT NULL,
	"product_id" integer,
	"state" "equipment_state" NOT NULL,
	"from_device_id" integer,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loaners" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"price" numeric(12, 4) DEFAULT '0.00' NOT NULL,
	"image_uri" text
);
--> statement-breakpoint
CREATE TABLE "reset_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"supplier_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancellation_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"series_key" text NOT NULL,
	"color" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"subscription_id" integer,
	"amount" numeric(10, 2) NOT NULL,
	"due_on" date NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"renewed_at" timestamp with time zone NOT NULL,
	"gross" numeric(10, 2) NOT NULL,
	"net" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "return_reasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "subscription_cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"cancelled_at" timestamp with time zone NOT NULL,
	"is_return" boolean NOT NULL,
	"cancellation_reason_id" integer DEFAULT 0 NOT NULL,
	"return_reason_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"device_id" integer,
	"carrier_id" integer NOT NULL,
	"source" "order_source" DEFAULT 'direct' NOT NULL,
	"referral_code_id" integer,
	"price" numeric(10, 2) NOT NULL,
	"status" "subscription_status" DEFAULT 'active' NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_lookup_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"converted_at" timestamp with time zone,
	"subscription_id" integer
);
--> statement-breakpoint
CREATE TABLE "promo_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_lookup_request_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"converted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_visits" (
	"day" date PRIMARY KEY NOT NULL,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_actions" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_speed_tests" (
	"prospect_id" integer NOT NULL,
	"carrier_id" integer NOT NULL,
	"reading1" numeric(8, 2) NOT NULL,
	"reading2" numeric(8, 2) NOT NULL,
	"reading3" numeric(8, 2) NOT NULL,
	CONSTRAINT "prospect_speed_tests_prospect_id_carrier_id_pk" PRIMARY KEY("prospect_id","carrier_id")
);
--> statement-breakpoint
CREATE TABLE "prospect_topographies" (
	"prospect_id" integer NOT NULL,
	"topography_id" integer NOT NULL,
	CONSTRAINT "prospect_topographies_prospect_id_topography_id_pk" PRIMARY KEY("prospect_id","topography_id")
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"id" serial PRIMARY KEY NOT NULL,
	"rep_id" integer NOT NULL,
	"created_by_id" integer NOT NULL,
	"customer_id" integer,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"location_source" "location_source",
	"new_construction" boolean DEFAULT false NOT NULL,
	"prospect_action_id" integer NOT NULL,
	"action_taken" text,
	"offered_promotion" boolean DEFAULT false NOT NULL,
	"comments" text,
	"revenue" numeric(10, 2) DEFAULT '0.00' NOT NULL,
	"converted_at" timestamp with time zone,
	"subscription_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topographies" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_other" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"device_id" integer,
	"equipment_id" integer,
	"direction" "parcel_direction" NOT NULL,
	"container_id" integer,
	"length" numeric(8, 1) NOT NULL,
	"width" numeric(8, 1) NOT NULL,
	"height" numeric(8, 1) NOT NULL,
	"weight" numeric(8, 1) NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "predefined_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"length" numeric(8, 1) NOT NULL,
	"width" numeric(8, 1) NOT NULL,
	"height" numeric(8, 1) NOT NULL,
	CONSTRAINT "predefined_containers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"transport" text NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"search" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"key" integer DEFAULT 0 NOT NULL,
	"value" numeric(18, 2) NOT NULL,
	CONSTRAINT "stats_daily_metric_day_key_pk" PRIMARY KEY("metric","day","key")
);
--> statement-breakpoint
CREATE TABLE "stats_monthly" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"key" integer DEFAULT 0 NOT NULL,
	"value" numeric(18, 2) NOT NULL,
	CONSTRAINT "stats_monthly_metric_day_key_pk" PRIMARY KEY("metric","day","key")
);
--> statement-breakpoint
CREATE TABLE "stats_rollup_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"time_zone" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_swaps" ADD CONSTRAINT "device_swaps_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_swaps" ADD CONSTRAINT "device_swaps_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_device_status_id_device_statuses_id_fk" FOREIGN KEY ("device_status_id") REFERENCES "public"."device_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loaners" ADD CONSTRAINT "loaners_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loaners" ADD CONSTRAINT "loaners_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_requests" ADD CONSTRAINT "reset_requests_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cancellations" ADD CONSTRAINT "subscription_cancellations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cancellations" ADD CONSTRAINT "subscription_cancellations_return_reason_id_return_reasons_id_fk" FOREIGN KEY ("return_reason_id") REFERENCES "public"."return_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_referral_code_id_referral_codes_id_fk" FOREIGN KEY ("referral_code_id") REFERENCES "public"."referral_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_lookup_requests" ADD CONSTRAINT "plan_lookup_requests_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_emails" ADD CONSTRAINT "promo_emails_plan_lookup_request_id_plan_lookup_requests_id_fk" FOREIGN KEY ("plan_lookup_request_id") REFERENCES "public"."plan_lookup_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_speed_tests" ADD CONSTRAINT "prospect_speed_tests_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_speed_tests" ADD CONSTRAINT "prospect_speed_tests_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_topographies" ADD CONSTRAINT "prospect_topographies_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_topographies" ADD CONSTRAINT "prospect_topographies_topography_id_topographies_id_fk" FOREIGN KEY ("topography_id") REFERENCES "public"."topographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_rep_id_users_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_prospect_action_id_prospect_actions_id_fk" FOREIGN KEY ("prospect_action_id") REFERENCES "public"."prospect_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_container_id_predefined_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."predefined_containers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD CONSTRAINT "feedback_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_throttle_expires_at_idx" ON "login_throttle" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "password_tokens_user_id_idx" ON "password_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_id_code_hash_idx" ON "recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_prefix_idx" ON "customers" USING btree ((lower("name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "customers_email_lower_idx" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "suppliers_created_at_idx" ON "suppliers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "suppliers_name_sort_idx" ON "suppliers" USING btree ((lower("name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "device_swaps_swapped_at_idx" ON "device_swaps" USING btree ("swapped_at","id");--> statement-breakpoint
CREATE INDEX "device_swaps_supplier_idx" ON "device_swaps" USING btree ("supplier_id","swapped_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_sim_idx" ON "devices" USING btree ("sim");--> statement-breakpoint
CREATE INDEX "devices_imei_idx" ON "devices" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "devices_imei_suffix_idx" ON "devices" USING btree ((reverse("imei") collate "C"));--> statement-breakpoint
CREATE INDEX "devices_phone_idx" ON "devices" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "devices_status_idx" ON "devices" USING btree ("device_status_id");--> statement-breakpoint
CREATE INDEX "devices_product_idx" ON "devices" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "devices_deployed_at_idx" ON "devices" USING btree ("deployed_at" DESC NULLS LAST) WHERE "devices"."deployed_at" is not null;--> statement-breakpoint
CREATE INDEX "equipment_state_idx" ON "equipment" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "equipment_imei_idx" ON "equipment" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "equipment_from_device_idx" ON "equipment" USING btree ("from_device_id");--> statement-breakpoint
CREATE INDEX "loaners_device_idx" ON "loaners" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "loaners_customer_idx" ON "loaners" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "reset_requests_requested_at_idx" ON "reset_requests" USING btree ("requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_reasons_name_lower_idx" ON "cancellation_reasons" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "credits_due_on_idx" ON "credits" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "credits_customer_idx" ON "credits" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "renewals_renewed_at_idx" ON "renewals" USING btree ("renewed_at");--> statement-breakpoint
CREATE INDEX "renewals_subscription_idx" ON "renewals" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "cancellations_cancelled_at_idx" ON "subscription_cancellations" USING btree ("cancelled_at","id");--> statement-breakpoint
CREATE INDEX "cancellations_type_cancelled_at_idx" ON "subscription_cancellations" USING btree ("is_return","cancelled_at","id");--> statement-breakpoint
CREATE INDEX "cancellations_subscription_idx" ON "subscription_cancellations" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "cancellations_cancellation_reason_idx" ON "subscription_cancellations" USING btree ("cancellation_reason_id","cancelled_at","id");--> statement-breakpoint
CREATE INDEX "cancellations_return_reason_idx" ON "subscription_cancellations" USING btree ("return_reason_id","cancelled_at","id");--> statement-breakpoint
CREATE INDEX "cancellations_needs_reason_idx" ON "subscription_cancellations" USING btree ("cancelled_at","id") WHERE "subscription_cancellations"."cancellation_reason_id" = 0;--> statement-breakpoint
CREATE INDEX "subscriptions_ordered_at_idx" ON "subscriptions" USING btree ("ordered_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_ordered_at_idx" ON "subscriptions" USING btree ("status","ordered_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_carrier_ordered_at_idx" ON "subscriptions" USING btree ("carrier_id","ordered_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_carrier_status_ordered_at_idx" ON "subscriptions" USING btree ("carrier_id","status","ordered_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_cancelled_at_idx" ON "subscriptions" USING btree ("cancelled_at");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_device_idx" ON "subscriptions" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "subscriptions_cancellation_reason_idx" ON "subscriptions" USING btree ("cancellation_reason_id");--> statement-breakpoint
CREATE INDEX "subscriptions_needs_reason_idx" ON "subscriptions" USING btree ("cancelled_at","id") WHERE "subscriptions"."status" = 'cancelled' and "subscriptions"."cancellation_reason_id" = 0;--> statement-breakpoint
CREATE INDEX "plan_lookup_requests_requested_at_idx" ON "plan_lookup_requests" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "promo_emails_sent_at_idx" ON "promo_emails" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "prospects_created_at_idx" ON "prospects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "prospects_converted_at_idx" ON "prospects" USING btree ("converted_at");--> statement-breakpoint
CREATE INDEX "prospects_rep_idx" ON "prospects" USING btree ("rep_id");--> statement-breakpoint
CREATE INDEX "parcels_created_at_idx" ON "parcels" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_created_at_idx" ON "feedback_submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_list_name_idx" ON "saved_views" USING btree ("user_id","list","name");