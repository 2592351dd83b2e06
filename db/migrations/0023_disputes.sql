-- Issue 39: invoice disputes (ADR 0034). The dispute (one open or in review per invoice), its thread, its attachments
-- (stored as the checks let them through), the disputes feed, the built-in ERP's dispute cases, and the permission
-- CanManageDisputes for administrators created before it.
CREATE TABLE IF NOT EXISTS "portal"."invoice_disputes" (
  "id" uuid PRIMARY KEY NOT NULL,
  "reference" serial NOT NULL,
  "payer_number" text NOT NULL,
  "payer_name" text DEFAULT '' NOT NULL,
  "company_code" text NOT NULL,
  "soldto_number" text NOT NULL,
  "billing_document_number" text NOT NULL,
  "document_number_finance" text NOT NULL,
  "fiscal_year" text NOT NULL,
  "line_item" text NOT NULL,
  "document_key" text NOT NULL,
  "currency_key" text NOT NULL,
  "currency_decimals" integer NOT NULL,
  "amount_minor" bigint NOT NULL,
  "open_amount_minor" bigint NOT NULL,
  "reason_code" text NOT NULL,
  "lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "status" text NOT NULL,
  "outcome" text,
  "assignee_user_id" integer REFERENCES "portal"."users"("user_id") ON DELETE SET NULL,
  "raised_by_user_id" integer REFERENCES "portal"."users"("user_id") ON DELETE SET NULL,
  "acting_user_id" integer,
  "source" text NOT NULL,
  "payment_id" uuid,
  "target_date" date NOT NULL,
  "credit_note_number" text DEFAULT '' NOT NULL,
  "erp_status" text NOT NULL,
  "erp_case_id" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  "resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "invoice_disputes_active_document_key" ON "portal"."invoice_disputes" USING btree ("document_key") WHERE status IN ('open', 'in_review');
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "invoice_disputes_reference_key" ON "portal"."invoice_disputes" USING btree ("reference");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_disputes_account_idx" ON "portal"."invoice_disputes" USING btree ("payer_number", "company_code", "status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_disputes_created_idx" ON "portal"."invoice_disputes" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_disputes_erp_idx" ON "portal"."invoice_disputes" USING btree ("erp_status") WHERE erp_status IN ('pending', 'failed');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal"."dispute_messages" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "dispute_id" uuid NOT NULL REFERENCES "portal"."invoice_disputes"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "side" text NOT NULL,
  "author_user_id" integer REFERENCES "portal"."users"("user_id") ON DELETE SET NULL,
  "author_name" text NOT NULL,
  "acting_user_id" integer,
  "body" text DEFAULT '' NOT NULL,
  "status" text,
  "outcome" text,
  "assignee_name" text,
  "attachment_id" uuid,
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dispute_messages_dispute_idx" ON "portal"."dispute_messages" USING btree ("dispute_id", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal"."dispute_attachments" (
  "id" uuid PRIMARY KEY NOT NULL,
  "dispute_id" uuid NOT NULL REFERENCES "portal"."invoice_disputes"("id") ON DELETE CASCADE,
  "file_name" text NOT NULL,
  "content_type" text NOT NULL,
  "size_bytes" integer NOT NULL,
  "sha256" text NOT NULL,
  "content" bytea NOT NULL,
  "side" text NOT NULL,
  "uploaded_by_user_id" integer REFERENCES "portal"."users"("user_id") ON DELETE SET NULL,
  "uploaded_by_name" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dispute_attachments_dispute_idx" ON "portal"."dispute_attachments" USING btree ("dispute_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal"."dispute_events" (
  "cursor" bigserial PRIMARY KEY NOT NULL,
  "message_id" text NOT NULL,
  "dispute_id" uuid NOT NULL,
  "type" text NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "dispute_events_message_key" ON "portal"."dispute_events" USING btree ("message_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger"."dispute_cases" (
  "dispute_id" text PRIMARY KEY NOT NULL,
  "case_id" text NOT NULL,
  "company_code" text NOT NULL,
  "payer_number" text NOT NULL,
  "document_number_finance" text NOT NULL,
  "fiscal_year" text NOT NULL,
  "line_item" text NOT NULL,
  "reason_code" text NOT NULL,
  "amount_minor" bigint NOT NULL,
  "currency_key" text NOT NULL,
  "status" text NOT NULL,
  "outcome" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
UPDATE "portal"."users" SET "permissions" = array_append("permissions", 'CanManageDisputes')
WHERE "user_role" = 'admin' AND NOT ('CanManageDisputes' = ANY ("permissions"));
