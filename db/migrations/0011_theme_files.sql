CREATE TABLE "portal"."uploaded_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."uploaded_files" ADD CONSTRAINT "uploaded_files_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "portal"."users"("user_id") ON DELETE no action ON UPDATE no action;