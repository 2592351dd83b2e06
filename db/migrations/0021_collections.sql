-- Issue 38: collections (ADR 0033). Reminder schedules per company code; the reminders sent, once per invoice and
-- step; promises to pay; the worklist's accounts (what the collections job last read of the ERP's open items, and what
-- collectors set: collector, pause, last contact); notes and calls; the figures kept daily (DSO, past-due share); the
-- profile's reminder switch; the new permission CanManageCollections for administrators created before it.
ALTER TABLE "portal"."users" ADD COLUMN IF NOT EXISTS "payment_reminders" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "portal"."reminder_schedules" (
	"company_code" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"steps" jsonb NOT NULL,
	"repeat_every_days" integer,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "portal"."reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payer_number" text NOT NULL,
	"company_code" text NOT NULL,
	"days_from_due" integer NOT NULL,
	"template" text NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"documents" jsonb NOT NULL,
	"recipients" jsonb NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reminders_account_idx" ON "portal"."reminders" USING btree ("payer_number","company_code","created_at" DESC);
--> statement-breakpoint
CREATE TABLE "portal"."reminder_items" (
	"document_key" text NOT NULL,
	"days_from_due" integer NOT NULL,
	"reminder_id" uuid NOT NULL REFERENCES "portal"."reminders"("id") ON DELETE CASCADE,
	CONSTRAINT "reminder_items_pk" PRIMARY KEY("document_key","days_from_due")
);
--> statement-breakpoint
CREATE INDEX "reminder_items_reminder_idx" ON "portal"."reminder_items" USING btree ("reminder_id");
--> statement-breakpoint
CREATE TABLE "portal"."payment_promises" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "portal"."users"("user_id") ON DELETE CASCADE,
	"acting_user_id" integer,
	"payer_number" text NOT NULL,
	"company_code" text NOT NULL,
	"promised_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_key" text NOT NULL,
	"currency_decimals" integer NOT NULL,
	"documents" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "payment_promises_account_idx" ON "portal"."payment_promises" USING btree ("payer_number","company_code","status");
--> statement-breakpoint
CREATE INDEX "payment_promises_open_idx" ON "portal"."payment_promises" USING btree ("promised_date") WHERE "status" = 'open';
--> statement-breakpoint
CREATE TABLE "portal"."collection_accounts" (
	"payer_number" text NOT NULL,
	"company_code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"past_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rank_bucket" smallint DEFAULT 0 NOT NULL,
	"rank_amount" bigint DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	"next_step_date" date,
	"next_step_days" integer,
	"autopay" boolean DEFAULT false NOT NULL,
	"open_disputes" integer DEFAULT 0 NOT NULL,
	"promise_status" text DEFAULT 'none' NOT NULL,
	"collector_user_id" integer REFERENCES "portal"."users"("user_id") ON DELETE SET NULL,
	"paused_until" date,
	"last_contact_at" timestamp with time zone,
	CONSTRAINT "collection_accounts_pk" PRIMARY KEY("payer_number","company_code")
);
--> statement-breakpoint
CREATE INDEX "collection_accounts_rank_idx" ON "portal"."collection_accounts" USING btree ("rank_bucket","rank_amount","payer_number","company_code") WHERE "rank_bucket" > 0;
--> statement-breakpoint
CREATE INDEX "collection_accounts_company_rank_idx" ON "portal"."collection_accounts" USING btree ("company_code","rank_bucket","rank_amount","payer_number") WHERE "rank_bucket" > 0;
--> statement-breakpoint
CREATE INDEX "collection_accounts_collector_rank_idx" ON "portal"."collection_accounts" USING btree ("collector_user_id","rank_bucket","rank_amount","payer_number","company_code") WHERE "rank_bucket" > 0;
--> statement-breakpoint
CREATE TABLE "portal"."collection_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payer_number" text NOT NULL,
	"company_code" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"paused_until" date,
	"collector_user_id" integer,
	"author_user_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "collection_notes_account_idx" ON "portal"."collection_notes" USING btree ("payer_number","company_code","created_at" DESC);
--> statement-breakpoint
CREATE TABLE "portal"."collection_figures" (
	"day" date NOT NULL,
	"company_code" text NOT NULL,
	"currency_key" text NOT NULL,
	"currency_decimals" integer NOT NULL,
	"open_minor" bigint NOT NULL,
	"past_due_minor" bigint NOT NULL,
	"dso_tenths" integer,
	CONSTRAINT "collection_figures_pk" PRIMARY KEY("company_code","currency_key","day")
);
--> statement-breakpoint
CREATE TABLE "portal"."collection_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documents_open_items_idx" ON "ledger"."documents" USING btree ("payer_number","id") WHERE "document_status" = '01' AND NOT "item_is_a_payment";
--> statement-breakpoint
UPDATE "portal"."users" SET "permissions" = array_append("permissions", 'CanManageCollections')
WHERE "user_role" = 'admin' AND NOT ('CanManageCollections' = ANY ("permissions"));
--> statement-breakpoint
-- Issue 38 e-mail templates for databases migrated before them (0009 seeds them in a new database): the four reminder
-- steps' templates, in the 8 languages (a template an administrator already saved is kept).
