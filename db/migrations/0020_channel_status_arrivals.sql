-- When a channel's provider last called back with delivery statuses: the proof that its callbacks
-- reach us, which lets a send cut short by a worker's death be told apart from one the provider
-- never received (lib/messages/send-claim.ts). Its own table, so that writing it does not count as
-- a change of the channel (cached channels are invalidated on every channel update).
CREATE TABLE "channel_status_arrivals" (
  "channel_id" integer PRIMARY KEY NOT NULL REFERENCES "channels"("id") ON DELETE cascade,
  "last_on" timestamp with time zone NOT NULL
);
