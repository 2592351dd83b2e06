-- Payment cards kept per instance (issue 17, ADR 0019): every payment reads its payer's saved cards and e-checks
-- (the card named must be one of them), and they change rarely. Each instance keeps them in memory and drops a
-- payer's when PostgreSQL announces a change of them, whoever makes it (any instance, the ERP's own tools, a
-- hand-written statement), on the channel portal_changes at commit.
CREATE FUNCTION "ledger"."notify_payment_cards_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_changes', 'cards:' || OLD.payer_number);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_changes', 'cards:' || NEW.payer_number);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payment_cards_changed" AFTER INSERT OR UPDATE OR DELETE ON "ledger"."payment_cards" FOR EACH ROW
  EXECUTE FUNCTION "ledger"."notify_payment_cards_change"();
