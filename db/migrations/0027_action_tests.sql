CREATE TABLE "flow_action_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"created_by" integer,
	"request" jsonb NOT NULL,
	"status" integer,
	"response" jsonb,
	"error" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_action_tests" ADD CONSTRAINT "flow_action_tests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_action_tests" ADD CONSTRAINT "flow_action_tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_action_tests_account_idx" ON "flow_action_tests" USING btree ("account_id","created_on");