CREATE TABLE "quick_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	"shortcut" varchar(64) NOT NULL,
	"body" text NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A shortcut names one snippet per account, whatever its case, so `/greet` finds exactly one.
CREATE UNIQUE INDEX "quick_replies_account_shortcut_idx" ON "quick_replies" ("account_id", lower("shortcut"));--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	-- The unguessable part of the public URL the provider fetches the file from.
	"token" varchar(64) NOT NULL,
	"filename" varchar(255) NOT NULL,
	"mime_type" varchar(127) NOT NULL,
	"size" integer NOT NULL,
	"data" bytea NOT NULL,
	"uploaded_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_token_idx" ON "attachments" ("token");--> statement-breakpoint
CREATE INDEX "attachments_account_idx" ON "attachments" ("account_id", "created_on");
