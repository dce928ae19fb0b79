-- Opting out of marketing messages (docs/opt-out.md): when a contact did, and the words that do it;
-- and the rows of an import that changed nothing.
ALTER TABLE "accounts" ADD COLUMN "opt_out_keywords" text[] DEFAULT '{STOP,UNSUBSCRIBE}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "opt_in_keywords" text[] DEFAULT '{START,SUBSCRIBE}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "opt_out_response" text DEFAULT 'You will receive no more marketing messages from us. Reply START to receive them again.' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "opt_in_response" text DEFAULT 'You will receive our marketing messages again. Reply STOP to stop them.' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "unchanged_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "opted_out_on" timestamp with time zone;--> statement-breakpoint
-- An opt-out shows at once in the inboxes that show the contact (0030), as its other fields do.
CREATE OR REPLACE FUNCTION "inbox_notify_contact_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.account_id, array_agg(DISTINCT n.id) AS ids FROM changed n JOIN before o ON o.id = n.id
    WHERE n.last_conversation IS NOT NULL
      AND (n.first_name, n.last_name, n.email, n.phone, n.meta, n.external_url, n.external_id, n.is_deleted, n.opted_out_on)
        IS DISTINCT FROM (o.first_name, o.last_name, o.email, o.phone, o.meta, o.external_url, o.external_id, o.is_deleted, o.opted_out_on)
    GROUP BY n.account_id LOOP
    PERFORM inbox_notify_contacts(r.account_id, r.ids);
  END LOOP;
  RETURN NULL;
END
$$;
