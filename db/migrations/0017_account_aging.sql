-- Aging of open invoices in the maintained totals (issue 29): the count of invoices not yet due and the amount and
-- count 1-30, 31-60, 61-90 and over 90 days past due. The rows are emptied: the next totals or aging read rebuilds
-- them from the documents, buckets included (a row kept from before would age nothing).
ALTER TABLE "ledger"."account_balances" ADD COLUMN IF NOT EXISTS "due_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger"."account_balances" ADD COLUMN IF NOT EXISTS "aging_1_30_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger"."account_balances" ADD COLUMN IF NOT EXISTS "aging_1_30_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger"."account_balances" ADD COLUMN IF NOT EXISTS "aging_31_60_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger"."account_balances" ADD COLUMN IF NOT EXISTS "aging_31_60_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger"."account_balances" ADD COLUMN IF NOT EXISTS "aging_61_90_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger"."account_balances" ADD COLUMN IF NOT EXISTS "aging_61_90_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger"."account_balances" ADD COLUMN IF NOT EXISTS "aging_over_90_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger"."account_balances" ADD COLUMN IF NOT EXISTS "aging_over_90_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DELETE FROM "ledger"."account_balances";
