CREATE SCHEMA "portal";
--> statement-breakpoint
CREATE SCHEMA "ledger";
--> statement-breakpoint
CREATE TABLE "portal"."app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"user_id" integer,
	"subject" text,
	"ip" text,
	"user_agent" text,
	"request_id" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "portal"."refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal"."sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "portal"."user_accounts" (
	"account_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"primary_account" text NOT NULL,
	"account_type" text DEFAULT 'both' NOT NULL,
	"company_code" text NOT NULL,
	"sales_organization" text NOT NULL,
	"distribution_channel" text NOT NULL,
	"division" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'active' NOT NULL,
	"profile" text DEFAULT '' NOT NULL,
	"user_role" text NOT NULL,
	"primary_account_type_id" text NOT NULL,
	"third_party_id" text,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"require_password_change" boolean DEFAULT false NOT NULL,
	"is_confirmed" boolean DEFAULT true NOT NULL,
	"last_login" timestamp with time zone,
	"num_logins" integer DEFAULT 0 NOT NULL,
	"last_password_change" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "portal"."sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal"."sessions" ADD CONSTRAINT "sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "portal"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal"."user_accounts" ADD CONSTRAINT "user_accounts_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "portal"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_event_subject_at_idx" ON "portal"."audit_events" USING btree ("event","subject","at");--> statement-breakpoint
CREATE INDEX "audit_events_event_ip_at_idx" ON "portal"."audit_events" USING btree ("event","ip","at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "portal"."refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "portal"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_accounts_user_account_key" ON "portal"."user_accounts" USING btree ("user_id","primary_account","company_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_key" ON "portal"."users" USING btree ("login");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "portal"."users" USING btree ("email");