-- Every web process keeps the members its API keys and sessions resolve to (lib/auth/member-cache.ts)
-- and must forget them the moment a credential could be refused or re-scoped. Triggers, rather than
-- the application, send the notification so that any writer counts: another process, `npm run
-- manage`, or SQL typed by an operator. `last_used_on` is written on use and changes nothing here.
CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "api_keys_auth_changed" AFTER UPDATE OF "revoked_on", "key_hash", "user_id", "account_id" OR DELETE ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OF "is_active", "role", "account_id" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
