ALTER TABLE "conversations" ADD COLUMN "archived_on" timestamp with time zone;--> statement-breakpoint
-- Every path that closes a conversation (an agent, the API, auto-close, a flow) archives it when the
-- account says so, and reopening takes it out of the archive: one rule, kept by the database.
CREATE FUNCTION "conversations_archive_on_close"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('RESOLVED', 'CLOSED') THEN
    IF OLD.status NOT IN ('RESOLVED', 'CLOSED') THEN
      NEW.archived_on := CASE WHEN (SELECT archive_conversations_when_closed FROM accounts WHERE id = NEW.account_id)
        THEN now() END;
    END IF;
  ELSE
    NEW.archived_on := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_archive_on_close" BEFORE UPDATE OF "status" ON "conversations"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "conversations_archive_on_close"();--> statement-breakpoint
CREATE INDEX "conversations_account_archived_idx" ON "conversations" ("account_id", "archived_on") WHERE "archived_on" IS NOT NULL;
