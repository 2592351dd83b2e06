CREATE TABLE "portal"."email_templates" (
	"key" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"template" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_key_language_pk" PRIMARY KEY("key","language")
);
--> statement-breakpoint
CREATE TABLE "portal"."email_types" (
	"key" text PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."user_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "portal"."mail_outbox_unsent_idx";--> statement-breakpoint
ALTER TABLE "portal"."mail_outbox" ADD COLUMN "secrets" text;--> statement-breakpoint
ALTER TABLE "portal"."mail_outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal"."mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "portal"."mail_outbox" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal"."mail_outbox" ADD COLUMN "sent_to" text;--> statement-breakpoint
ALTER TABLE "portal"."mail_outbox" ADD COLUMN "subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal"."users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal"."email_templates" ADD CONSTRAINT "email_templates_key_email_types_key_fk" FOREIGN KEY ("key") REFERENCES "portal"."email_types"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal"."user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "portal"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_tokens_user_kind_idx" ON "portal"."user_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "portal"."mail_outbox" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "portal"."mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
UPDATE "portal"."mail_outbox" SET "status" = 'sent' WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
UPDATE "portal"."mail_outbox" m SET "template" = CASE
    WHEN m."payload"->>'kind' = 'deposit' THEN 'deposit_receipt'
    WHEN EXISTS (SELECT 1 FROM "portal"."payment_intents" i WHERE m."dedupe_key" = 'payment_confirmation:' || i."id" AND i."scope" LIKE 'guest:%') THEN 'guest_receipt'
    ELSE 'payment_receipt' END
  WHERE m."template" = 'payment_confirmation';
