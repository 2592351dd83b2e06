-- The reference ERP service's answers to writes by Idempotency-Key (issue 28): a repeat of a write answers the first
-- result and changes nothing. Kept by the service that serves the ledger over the ERP contract (erp-service/).
CREATE TABLE IF NOT EXISTS "ledger"."erp_requests" (
	"operation" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_sha256" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_requests_pkey" PRIMARY KEY("operation","idempotency_key")
);
