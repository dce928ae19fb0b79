-- An agent's edit of a contact shows at once in the other agents' inboxes (lib/inbox/live.ts): a
-- change to what the inbox shows of a contact (its fields, tags, notes) is announced on
-- 'inbox_changes' as {"a": account, "c": [its conversations], "k": [contact ids]}, once per
-- statement and only for contacts that have a conversation, so that an import of new contacts
-- announces nothing. "c" and "k" are null past 100, which tells listeners to refresh everything.
CREATE FUNCTION "inbox_notify_contacts"(account integer, contact_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE conversation_ids uuid[];
BEGIN
  SELECT array_agg(cv.id) INTO conversation_ids FROM conversations cv WHERE cv.contact_id = ANY(contact_ids);
  IF conversation_ids IS NULL THEN RETURN; END IF;
  PERFORM pg_notify('inbox_changes', json_build_object(
    'a', account,
    'c', CASE WHEN cardinality(conversation_ids) <= 100 AND cardinality(contact_ids) <= 100 THEN conversation_ids END,
    'k', CASE WHEN cardinality(conversation_ids) <= 100 AND cardinality(contact_ids) <= 100 THEN contact_ids END)::text);
END
$$;--> statement-breakpoint
CREATE FUNCTION "inbox_notify_contact_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.account_id, array_agg(DISTINCT n.id) AS ids FROM changed n JOIN before o ON o.id = n.id
    WHERE n.last_conversation IS NOT NULL
      AND (n.first_name, n.last_name, n.email, n.phone, n.meta, n.external_url, n.external_id, n.is_deleted)
        IS DISTINCT FROM (o.first_name, o.last_name, o.email, o.phone, o.meta, o.external_url, o.external_id, o.is_deleted)
    GROUP BY n.account_id LOOP
    PERFORM inbox_notify_contacts(r.account_id, r.ids);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Tags and notes: rows of contact_tags or contact_notes, by their contact_id (a probe of the
-- conversations' contact index each, which finds nothing for an imported contact).
CREATE FUNCTION "inbox_notify_contact_links"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT cv.account_id, array_agg(DISTINCT l.contact_id) AS ids FROM changed l JOIN conversations cv ON cv.contact_id = l.contact_id
    GROUP BY cv.account_id LOOP
    PERFORM inbox_notify_contacts(r.account_id, r.ids);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contacts_inbox_update" AFTER UPDATE ON "contacts" REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_contact_updates"();--> statement-breakpoint
CREATE TRIGGER "contact_tags_inbox_insert" AFTER INSERT ON "contact_tags" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_contact_links"();--> statement-breakpoint
CREATE TRIGGER "contact_tags_inbox_delete" AFTER DELETE ON "contact_tags" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_contact_links"();--> statement-breakpoint
CREATE TRIGGER "contact_notes_inbox_insert" AFTER INSERT ON "contact_notes" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_contact_links"();--> statement-breakpoint
CREATE TRIGGER "contact_notes_inbox_update" AFTER UPDATE ON "contact_notes" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_contact_links"();--> statement-breakpoint
CREATE TRIGGER "contact_notes_inbox_delete" AFTER DELETE ON "contact_notes" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_contact_links"();--> statement-breakpoint
-- Enabled ALWAYS, as every trigger of the tables an import batch writes with its per-row checks off
-- (lib/contacts/import/row-checks.ts): an import's merge into a contact in a conversation is shown too.
ALTER TABLE "contacts" ENABLE ALWAYS TRIGGER "contacts_inbox_update";--> statement-breakpoint
ALTER TABLE "contact_tags" ENABLE ALWAYS TRIGGER "contact_tags_inbox_insert";--> statement-breakpoint
ALTER TABLE "contact_tags" ENABLE ALWAYS TRIGGER "contact_tags_inbox_delete";
