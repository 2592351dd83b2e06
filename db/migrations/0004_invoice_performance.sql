CREATE INDEX "documents_open_invoices_due_idx" ON "ledger"."documents" USING btree ("payer_number","currency_key","due_date" DESC NULLS FIRST,"id","company_code","document_date","soldto_number") WHERE document_status = '01' AND NOT item_is_a_payment;--> statement-breakpoint
-- Hand-written (drizzle has no CREATE STATISTICS): payer and sold-to are dependent columns. Without this the
-- planner multiplies their selectivities, misestimates a payer's one-sold-to list and sorts the whole set.
CREATE STATISTICS IF NOT EXISTS "ledger"."documents_payer_soldto" (dependencies, ndistinct) ON "payer_number", "soldto_number" FROM "ledger"."documents";--> statement-breakpoint
ANALYZE "ledger"."documents";
