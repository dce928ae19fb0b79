-- Unlogged: every throttled request updates its row, and the counts are not worth a WAL write each;
-- after a crash the table comes back empty, which only starts every member's window afresh.
CREATE UNLOGGED TABLE "api_request_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_request_counts" ADD CONSTRAINT "api_request_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;