-- Web processes cache what every inbound message and contact write read of their account (topic
-- 'accounts', lib/accounts/cached-settings.ts): how national numbers are read, the opt-out words,
-- the working hours and their replies. A change to any of them, by whatever writer, makes every
-- process forget them (lib/cache/notified-cache.ts).
CREATE TRIGGER "accounts_invalidate_accounts" AFTER UPDATE OF "country", "default_timezone", "has_working_hours", "working_hours",
  "after_hours_response", "opt_out_keywords", "opt_in_keywords", "opt_out_response", "opt_in_response" OR DELETE ON "accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_cache_invalidation"('accounts');
