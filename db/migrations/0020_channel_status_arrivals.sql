-- When a channel's provider last called back with delivery statuses (the time they were received):
-- the proof that its callbacks reach us, which lets a send cut short by a worker's death be told
-- apart from one the provider never received (lib/messages/send-claim.ts). Its own table, so that
-- writing it does not count as a change of the channel (cached channels are invalidated on every
-- channel update).
CREATE TABLE "channel_status_arrivals" (
  "channel_id" integer PRIMARY KEY NOT NULL REFERENCES "channels"("id") ON DELETE cascade,
  "last_on" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- Each web process receiving provider callbacks: every callback it received before through_on has
-- been processed (beat_on says it is alive). A resend waits until all live processes are past the
-- time it depends on, so a callback held up in one of them cannot be taken for a missing one.
CREATE TABLE "callback_watermarks" (
  "process_id" text PRIMARY KEY NOT NULL,
  "through_on" timestamp with time zone NOT NULL,
  "beat_on" timestamp with time zone NOT NULL
);
