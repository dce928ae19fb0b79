ALTER TYPE "public"."message_type" ADD VALUE 'note';--> statement-breakpoint
ALTER TYPE "public"."webhook_event_type" ADD VALUE 'message.received';--> statement-breakpoint
ALTER TYPE "public"."webhook_event_type" ADD VALUE 'message.status';--> statement-breakpoint
ALTER TYPE "public"."webhook_event_type" ADD VALUE 'conversation.created';--> statement-breakpoint
ALTER TYPE "public"."webhook_event_type" ADD VALUE 'conversation.updated';--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_account_activity_idx" ON "conversations" USING btree ("account_id","last_message_on","id");--> statement-breakpoint
-- Open dashboards follow the inbox live (lib/inbox/live.ts): every change to a conversation, its
-- messages, assignees or tags is announced on 'inbox_changes' as {"a": account, "c": [conversation
-- ids]} once per statement; "c" is null when a statement touched more than 100 conversations (a
-- broadcast's chunk), which tells listeners to refresh the whole list. Triggers rather than the
-- application send it, so that every writer counts: web processes, workers and operators.
CREATE FUNCTION "inbox_notify"(account integer, ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('inbox_changes', json_build_object('a', account, 'c', CASE WHEN cardinality(ids) <= 100 THEN ids END)::text);
END
$$;--> statement-breakpoint
CREATE FUNCTION "inbox_notify_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT account_id, array_agg(DISTINCT conversation_id) AS ids FROM changed
    WHERE conversation_id IS NOT NULL GROUP BY account_id LOOP
    PERFORM inbox_notify(r.account_id, r.ids);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Updates that change what an agent sees (a status tick, a deletion), not a send's bookkeeping.
CREATE FUNCTION "inbox_notify_message_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.account_id, array_agg(DISTINCT n.conversation_id) AS ids FROM changed n JOIN before o ON o.id = n.id
    WHERE n.conversation_id IS NOT NULL AND (n.status IS DISTINCT FROM o.status OR n.is_deleted IS DISTINCT FROM o.is_deleted)
    GROUP BY n.account_id LOOP
    PERFORM inbox_notify(r.account_id, r.ids);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "inbox_notify_conversations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT account_id, array_agg(DISTINCT id) AS ids FROM changed GROUP BY account_id LOOP
    PERFORM inbox_notify(r.account_id, r.ids);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "inbox_notify_conversation_links"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT c.account_id, array_agg(DISTINCT c.id) AS ids FROM changed l JOIN conversations c ON c.id = l.conversation_id
    GROUP BY c.account_id LOOP
    PERFORM inbox_notify(r.account_id, r.ids);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_inbox_insert" AFTER INSERT ON "messages" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_messages"();--> statement-breakpoint
CREATE TRIGGER "messages_inbox_update" AFTER UPDATE ON "messages" REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_message_updates"();--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_insert" AFTER INSERT ON "conversations" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_conversations"();--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_update" AFTER UPDATE ON "conversations" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_conversations"();--> statement-breakpoint
CREATE TRIGGER "conversation_assignees_inbox_insert" AFTER INSERT ON "conversation_assignees" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_conversation_links"();--> statement-breakpoint
CREATE TRIGGER "conversation_assignees_inbox_delete" AFTER DELETE ON "conversation_assignees" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_conversation_links"();--> statement-breakpoint
CREATE TRIGGER "conversation_tags_inbox_insert" AFTER INSERT ON "conversation_tags" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_conversation_links"();--> statement-breakpoint
CREATE TRIGGER "conversation_tags_inbox_delete" AFTER DELETE ON "conversation_tags" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "inbox_notify_conversation_links"();
