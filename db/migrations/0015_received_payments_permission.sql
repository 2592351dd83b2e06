-- Issue 27: administrators hold every permission (contracts/role-permissions.ts). Those created before
-- CanViewReceivedPayments existed get it here: nobody could grant it to them otherwise (a permission is handed on
-- only by someone who holds it).
UPDATE "portal"."users" SET "permissions" = array_append("permissions", 'CanViewReceivedPayments')
WHERE "user_role" = 'admin' AND NOT ('CanViewReceivedPayments' = ANY ("permissions"));
