-- Web processes cache rows they read on every request (lib/cache/notified-cache.ts): who an API key
-- or a session user is (topic 'auth'), channels ('channels') and templates ('templates'). They must
-- forget them the moment such a row changes. Triggers, rather than the application, send the notification so that
-- any writer counts: another process, `npm run manage`, or SQL typed by an operator.
-- `api_keys.last_used_on` is written on use and changes nothing cached.
CREATE FUNCTION "notify_cache_invalidation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "api_keys_invalidate_auth" AFTER UPDATE OF "revoked_on", "key_hash", "user_id", "account_id" OR DELETE ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_cache_invalidation"('auth');--> statement-breakpoint
CREATE TRIGGER "users_invalidate_auth" AFTER UPDATE OF "is_active", "role", "account_id" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_cache_invalidation"('auth');--> statement-breakpoint
CREATE TRIGGER "channels_invalidate_channels" AFTER UPDATE OR DELETE ON "channels"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_cache_invalidation"('channels');--> statement-breakpoint
CREATE TRIGGER "chat_templates_invalidate_templates" AFTER INSERT OR UPDATE OR DELETE ON "chat_templates"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_cache_invalidation"('templates');
