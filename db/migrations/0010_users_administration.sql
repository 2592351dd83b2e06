-- The user search's indexes (users_search_trgm_idx over status and trigrams, user_accounts_primary_account_trgm_idx).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "portal"."registration_requests" (
	"registration_request_id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company" text NOT NULL,
	"email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "portal"."user_exclusions" (
	"user_id" integer NOT NULL,
	"excluded_account" text NOT NULL,
	CONSTRAINT "user_exclusions_user_id_excluded_account_pk" PRIMARY KEY("user_id","excluded_account")
);
--> statement-breakpoint
DROP INDEX "portal"."users_login_key";--> statement-breakpoint
DROP INDEX "portal"."users_email_key";--> statement-breakpoint
ALTER TABLE "portal"."audit_events" ADD COLUMN "target_user_id" integer;--> statement-breakpoint
ALTER TABLE "portal"."sessions" ADD COLUMN "impersonated_user_id" integer;--> statement-breakpoint
ALTER TABLE "portal"."users" ADD COLUMN "access_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "portal"."users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal"."users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(login || ' ' || email || ' ' || first_name || ' ' || last_name || ' ' || company)) STORED;--> statement-breakpoint
ALTER TABLE "portal"."user_exclusions" ADD CONSTRAINT "user_exclusions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "portal"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_requests_open_idx" ON "portal"."registration_requests" USING btree ("created_at") WHERE completed_at is null;--> statement-breakpoint
ALTER TABLE "portal"."sessions" ADD CONSTRAINT "sessions_impersonated_user_id_users_user_id_fk" FOREIGN KEY ("impersonated_user_id") REFERENCES "portal"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_user_id_idx" ON "portal"."audit_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_target_user_id_idx" ON "portal"."audit_events" USING btree ("target_user_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_event_id_idx" ON "portal"."audit_events" USING btree ("event","id");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "portal"."audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "user_accounts_primary_account_trgm_idx" ON "portal"."user_accounts" USING gin ((lower(primary_account)) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_live_key" ON "portal"."users" USING btree ("login") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_live_key" ON "portal"."users" USING btree ("email") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "portal"."users" USING gin ("status","search_text" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
-- The audit trail is append-only (issue 14): the portal's code never updates or deletes a row, and the database
-- refuses it too (a user's hard delete would otherwise be the only way to lose a name: users are soft-deleted).
CREATE FUNCTION "portal"."audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'portal.audit_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "portal"."audit_events"
  FOR EACH ROW EXECUTE FUNCTION "portal"."audit_events_append_only"();
--> statement-breakpoint
-- A linked account's type is one of the spec's options (master, transactional, both); links made before held the user's type.
UPDATE "portal"."user_accounts" SET "account_type" = 'both' WHERE "account_type" NOT IN ('master', 'transactional', 'both');
