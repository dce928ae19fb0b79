-- Unlogged: every counted request updates its row, and the counts are not worth a WAL write each;
-- after a crash the table comes back empty, which only starts every member's window afresh.
CREATE UNLOGGED TABLE "api_request_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"period_seconds" integer NOT NULL,
	"count" integer NOT NULL
);
