-- The inbox searches message text (`body ILIKE '%term%'`, lib/conversations/search.ts): a trigram
-- index answers it without reading every message of the account.
CREATE INDEX "messages_body_trgm_idx" ON "messages" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
-- The inbox's order (newest activity first, conversations without messages last): a page is read
-- from this index instead of sorting every conversation of the account.
CREATE INDEX "conversations_account_recent_idx" ON "conversations" USING btree ("account_id", "last_message_on" DESC NULLS LAST, "id" DESC);
