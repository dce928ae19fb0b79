CREATE TABLE "member_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"token_hash" char(64) NOT NULL,
	"expires_on" timestamp with time zone NOT NULL,
	"used_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "default_team_id" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "last_assigned_user_id" integer;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "deleted_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "after_hours_replied_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_links" ADD CONSTRAINT "member_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_links" ADD CONSTRAINT "member_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_links_token_key" ON "member_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_links_user_idx" ON "member_links" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_default_team_id_teams_id_fk" FOREIGN KEY ("default_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_open_idle_idx" ON "conversations" USING btree ("account_id","last_message_on") WHERE "conversations"."status" NOT IN ('RESOLVED', 'CLOSED');
