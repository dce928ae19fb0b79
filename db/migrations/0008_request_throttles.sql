-- Both unlogged: every counted request or sign-in attempt updates a row, and the counts are not
-- worth a WAL write each; after a crash the tables come back empty, which only starts every window afresh.
CREATE UNLOGGED TABLE "api_request_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"period_seconds" integer NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "sign_in_attempts" (
	"email" varchar(320) PRIMARY KEY NOT NULL,
	"first_attempt_on" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
