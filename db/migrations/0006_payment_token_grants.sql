CREATE TABLE "portal"."payment_token_grants" (
	"session_id" uuid NOT NULL,
	"payment_card_token" text NOT NULL,
	"threeds_status" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_token_grants_session_id_payment_card_token_pk" PRIMARY KEY("session_id","payment_card_token")
);
--> statement-breakpoint
ALTER TABLE "portal"."payment_token_grants" ADD CONSTRAINT "payment_token_grants_session_id_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "portal"."sessions"("session_id") ON DELETE cascade ON UPDATE no action;