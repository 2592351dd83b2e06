CREATE TABLE "portal"."api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by_user_id" integer,
	"created_by_login" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_login" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."ledger_import_rejections" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"source" text NOT NULL,
	"document" text DEFAULT '' NOT NULL,
	"field" text DEFAULT '' NOT NULL,
	"message_key" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "ledger_import_rejections_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "portal"."ledger_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"origin" text NOT NULL,
	"company_code" text DEFAULT '' NOT NULL,
	"files" jsonb NOT NULL,
	"actor" text NOT NULL,
	"user_id" integer,
	"api_key_id" integer,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal"."payment_feed" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint,
	"kind" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"company_code" text NOT NULL,
	"payer_number" text NOT NULL,
	"soldto_number" text DEFAULT '' NOT NULL,
	"currency_key" text NOT NULL,
	"currency_decimals" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"method" text NOT NULL,
	"gateway_reference" text NOT NULL,
	"order_number" text DEFAULT '' NOT NULL,
	"payment_document_number" text DEFAULT '' NOT NULL,
	"login" text DEFAULT '' NOT NULL,
	"documents" jsonb NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"erp_document_number" text DEFAULT '' NOT NULL,
	"acknowledged_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" integer,
	"duration_ms" integer NOT NULL,
	"error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by_login" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."webhook_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger"."company_code_party_ids" (
	"scheme" text NOT NULL,
	"value" text NOT NULL,
	"company_code" text NOT NULL,
	CONSTRAINT "company_code_party_ids_scheme_value_pk" PRIMARY KEY("scheme","value")
);
--> statement-breakpoint
CREATE TABLE "ledger"."customer_party_ids" (
	"scheme" text NOT NULL,
	"value" text NOT NULL,
	"customer_number" text NOT NULL,
	CONSTRAINT "customer_party_ids_scheme_value_pk" PRIMARY KEY("scheme","value")
);
--> statement-breakpoint
CREATE TABLE "ledger"."document_e_invoices" (
	"document_id" bigint PRIMARY KEY NOT NULL,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger"."document_pdfs" (
	"document_id" bigint PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."ledger_import_rejections" ADD CONSTRAINT "ledger_import_rejections_import_id_ledger_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "portal"."ledger_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal"."webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "portal"."webhook_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal"."webhook_messages" ADD CONSTRAINT "webhook_messages_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "portal"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger"."company_code_party_ids" ADD CONSTRAINT "company_code_party_ids_company_code_company_codes_company_code_fk" FOREIGN KEY ("company_code") REFERENCES "ledger"."company_codes"("company_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger"."customer_party_ids" ADD CONSTRAINT "customer_party_ids_customer_number_customers_customer_number_fk" FOREIGN KEY ("customer_number") REFERENCES "ledger"."customers"("customer_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger"."document_e_invoices" ADD CONSTRAINT "document_e_invoices_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "ledger"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger"."document_pdfs" ADD CONSTRAINT "document_pdfs_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "ledger"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "portal"."api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "ledger_imports_started_idx" ON "portal"."ledger_imports" USING btree ("started_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_feed_seq_key" ON "portal"."payment_feed" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "payment_feed_unsequenced_idx" ON "portal"."payment_feed" USING btree ("posted_at") WHERE seq IS NULL;--> statement-breakpoint
CREATE INDEX "payment_feed_posted_at_idx" ON "portal"."payment_feed" USING btree ("posted_at","id");--> statement-breakpoint
CREATE INDEX "payment_feed_unacknowledged_idx" ON "portal"."payment_feed" USING btree ("seq") WHERE acknowledged_at IS NULL;--> statement-breakpoint
CREATE INDEX "webhook_attempts_message_idx" ON "portal"."webhook_attempts" USING btree ("message_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_messages_endpoint_message_key" ON "portal"."webhook_messages" USING btree ("endpoint_id","message_id");--> statement-breakpoint
CREATE INDEX "webhook_messages_due_idx" ON "portal"."webhook_messages" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "webhook_messages_endpoint_created_idx" ON "portal"."webhook_messages" USING btree ("endpoint_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "customer_party_ids_customer_idx" ON "ledger"."customer_party_ids" USING btree ("customer_number");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_import_key" ON "ledger"."documents" USING btree ("company_code","billing_document_type","billing_document_number") WHERE billing_document_number <> '';--> statement-breakpoint
-- The payments feed's positions, given in commit order by the sequencer (modules/ledger-feed).
CREATE SEQUENCE "portal"."payment_feed_seq";
