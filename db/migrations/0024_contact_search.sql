-- The contacts' search key moves to narrow rows of its own (db/schema/contacts.ts, contactSearch):
-- a search matching thousands of contacts reads every match's row, and these take a quarter of
-- the pages. Triggers keep it, so that every writer counts (the application, seeds, an operator's
-- SQL, the import): new contacts in one statement per INSERT (its transition table), changed ones
-- row by row, and only when the key, the deletion flag, the creation time or the account changed;
-- a removed contact's row goes with it (the foreign key). The triggers come before the copy of
-- the existing contacts: creating them locks out writers until this migration commits, so no
-- contact is written between the copy and the triggers.
CREATE TABLE "contact_search" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"is_deleted" boolean NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "contact_search_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_search (contact_id, account_id, created_on, is_deleted, search_text)
    SELECT id, account_id, created_on, is_deleted, search_text FROM inserted_contacts;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An upsert, so that a contact written while the triggers were off (a data-only restore) gets its row back on its next change.
CREATE FUNCTION "contact_search_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_search (contact_id, account_id, created_on, is_deleted, search_text)
    VALUES (NEW.id, NEW.account_id, NEW.created_on, NEW.is_deleted, NEW.search_text)
    ON CONFLICT (contact_id) DO UPDATE SET account_id = excluded.account_id, created_on = excluded.created_on,
      is_deleted = excluded.is_deleted, search_text = excluded.search_text;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contacts_search_inserted" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS inserted_contacts FOR EACH STATEMENT EXECUTE FUNCTION "contact_search_inserted"();--> statement-breakpoint
CREATE TRIGGER "contacts_search_updated" AFTER UPDATE ON "contacts" FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted
    OR OLD.created_on IS DISTINCT FROM NEW.created_on OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION "contact_search_updated"();--> statement-breakpoint
-- ALWAYS: the import writes contacts with session_replication_role = replica (lib/contacts/import/row-checks.ts).
-- (A logical-replication subscriber would run them too: replicate contacts, not contact_search.)
ALTER TABLE "contacts" ENABLE ALWAYS TRIGGER "contacts_search_inserted";--> statement-breakpoint
ALTER TABLE "contacts" ENABLE ALWAYS TRIGGER "contacts_search_updated";--> statement-breakpoint
INSERT INTO "contact_search" ("contact_id", "account_id", "created_on", "is_deleted", "search_text")
  SELECT "id", "account_id", "created_on", "is_deleted", "search_text" FROM "contacts";--> statement-breakpoint
-- After the copy: checked in one pass rather than once per copied row.
ALTER TABLE "contact_search" ADD CONSTRAINT "contact_search_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "contacts_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "contact_search_trgm_idx" ON "contact_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ANALYZE "contact_search";
