-- Issue 38: a reminder's recipients are the users linked to its account, found by the account's number without
-- leading zeros in its company code; without this index each reminder read every link (measured by the collections
-- bench: the recipients' query was most of a reminder's time with 3,000 customer users).
CREATE INDEX IF NOT EXISTS "user_accounts_account_number_idx" ON "portal"."user_accounts" USING btree ("company_code", ltrim("primary_account", '0'));
