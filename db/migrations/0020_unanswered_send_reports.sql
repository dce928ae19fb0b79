-- Whether the provider has reported on a channel's messages claimed after a given moment
-- (lib/messages/unanswered-send.ts): a range scan of the reported ones only.
CREATE INDEX "messages_channel_reported_claims_idx" ON "messages" ("channel_id", "send_claimed_on") WHERE "sent_on" IS NOT NULL;
