-- Issue 36: Stripe behind the gateway port (ADR 0031). The adapter's own state (schema gateway_stripe: a customer per
-- payer account, entry sessions, the portal's token of each PaymentMethod with its mandate, the PaymentIntent of each
-- order number), and the portal's durable inbox of the provider's signed events.
CREATE SCHEMA IF NOT EXISTS "gateway_stripe";
--> statement-breakpoint
CREATE TABLE "gateway_stripe"."customers" (
	"payer_key" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_stripe"."entries" (
	"setup_intent_id" text PRIMARY KEY NOT NULL,
	"merchant_reference" text NOT NULL,
	"payer_key" text,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_stripe"."methods" (
	"token" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"payment_method_type" text NOT NULL,
	"mandate_id" text DEFAULT '' NOT NULL,
	"mandate_text" text DEFAULT '' NOT NULL,
	"mandate_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"detached_at" timestamp with time zone,
	CONSTRAINT "methods_token_customer_id_pk" PRIMARY KEY("token","customer_id")
);
--> statement-breakpoint
CREATE INDEX "methods_payment_method_id_idx" ON "gateway_stripe"."methods" USING btree ("payment_method_id");
--> statement-breakpoint
CREATE TABLE "gateway_stripe"."charges" (
	"order_number" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "charges_payment_intent_id_idx" ON "gateway_stripe"."charges" USING btree ("payment_intent_id");
--> statement-breakpoint
CREATE TABLE "portal"."gateway_events" (
	"provider" text NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"failed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "gateway_events_provider_id_pk" PRIMARY KEY("provider","id")
);
--> statement-breakpoint
CREATE INDEX "gateway_events_waiting_idx" ON "portal"."gateway_events" USING btree ("next_attempt_at") WHERE "processed_at" IS NULL AND NOT "failed";
--> statement-breakpoint
CREATE INDEX "gateway_events_received_idx" ON "portal"."gateway_events" USING btree ("provider","received_at");
