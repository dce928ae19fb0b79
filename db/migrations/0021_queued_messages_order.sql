-- The queued messages of a conversation, in the order they were queued: a message goes to the
-- provider only once no earlier one of its conversation is still waiting (lib/messages/send-claim.ts).
CREATE INDEX "messages_queued_conversation_idx" ON "messages" USING btree ("conversation_id","seq") WHERE "messages"."status" = 'queued';
