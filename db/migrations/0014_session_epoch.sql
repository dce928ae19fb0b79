ALTER TABLE "users" ADD COLUMN "session_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Ending a user's sessions must reach every web process's cache of who a session is (migration 0007).
DROP TRIGGER "users_invalidate_auth" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_invalidate_auth" AFTER UPDATE OF "is_active", "role", "account_id", "session_epoch" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_cache_invalidation"('auth');
