-- Opting out of marketing messages (docs/contacts-opt-out.md): when a contact did, and the words that do it.
ALTER TABLE "accounts" ADD COLUMN "opt_out_keywords" text[] DEFAULT '{STOP,UNSUBSCRIBE,BAJA,PARAR}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "opt_in_keywords" text[] DEFAULT '{START,SUBSCRIBE,ALTA}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "opt_out_response" text DEFAULT 'You will receive no more marketing messages from us. Reply START to receive them again.' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "opt_in_response" text DEFAULT 'You will receive our marketing messages again. Reply STOP to stop them.' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "opted_out_on" timestamp with time zone;