-- The inbox searches message text (`body ILIKE '%term%'`, lib/conversations/search.ts): a trigram
-- index answers it without reading every message of the account.
CREATE INDEX "messages_body_trgm_idx" ON "messages" USING gin ("body" gin_trgm_ops);
