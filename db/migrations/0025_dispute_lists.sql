-- Issue 39: a customer's disputes list asks by the account's number without leading zeros, per company code (the
-- payer's, or a sold-to user's sold-to): two expression indexes, so that it reads the customer's rows only however
-- many disputes the portal keeps.
CREATE INDEX IF NOT EXISTS "invoice_disputes_payer_number_idx" ON "portal"."invoice_disputes" USING btree ("company_code", ltrim("payer_number", '0'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_disputes_soldto_number_idx" ON "portal"."invoice_disputes" USING btree ("company_code", ltrim("soldto_number", '0'));
