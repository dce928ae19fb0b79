-- No release wrote broadcasts before this one: the tables are empty, and any stray row could not take the new NOT NULL columns.
DELETE FROM "broadcast_recipients";--> statement-breakpoint
DELETE FROM "broadcasts";--> statement-breakpoint
CREATE TABLE "channel_send_pace" (
	"channel_id" integer PRIMARY KEY NOT NULL,
	"next_slot" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broadcast_recipients" DROP CONSTRAINT "broadcast_recipients_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ALTER COLUMN "status" SET DEFAULT 'pending'::text;--> statement-breakpoint
DROP TYPE "public"."broadcast_recipient_status";--> statement-breakpoint
CREATE TYPE "public"."broadcast_recipient_status" AS ENUM('pending', 'sent', 'delivered', 'read', 'answered', 'failed', 'skipped');--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ALTER COLUMN "status" SET DEFAULT 'pending'::"public"."broadcast_recipient_status";--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ALTER COLUMN "status" SET DATA TYPE "public"."broadcast_recipient_status" USING "status"::"public"."broadcast_recipient_status";--> statement-breakpoint
ALTER TABLE "broadcasts" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "broadcasts" ALTER COLUMN "status" SET DEFAULT 'PENDING'::text;--> statement-breakpoint
DROP TYPE "public"."broadcast_status";--> statement-breakpoint
CREATE TYPE "public"."broadcast_status" AS ENUM('PENDING', 'RUNNING', 'PAUSED', 'COMPLETED', 'CANCELED', 'FAILED');--> statement-breakpoint
ALTER TABLE "broadcasts" ALTER COLUMN "status" SET DEFAULT 'PENDING'::"public"."broadcast_status";--> statement-breakpoint
ALTER TABLE "broadcasts" ALTER COLUMN "status" SET DATA TYPE "public"."broadcast_status" USING "status"::"public"."broadcast_status";--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ALTER COLUMN "contact_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ALTER COLUMN "data" SET DEFAULT '{}'::text[];--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "phone" varchar(64) NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "canonical_phone" varchar(32) NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "sent_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "delivered_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "read_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "answered_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "failed_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "updated_on" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "status_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "retry_of" integer;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "started_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "completed_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_send_pace" ADD CONSTRAINT "channel_send_pace_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_retry_of_broadcasts_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."broadcasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_recipients_phone_key" ON "broadcast_recipients" USING btree ("broadcast_id","canonical_phone");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_status_idx" ON "broadcast_recipients" USING btree ("broadcast_id","status","id");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_message_idx" ON "broadcast_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_contact_idx" ON "broadcast_recipients" USING btree ("contact_id","id");--> statement-breakpoint
CREATE INDEX "broadcasts_account_name_trgm_idx" ON "broadcasts" USING gin (lower("name") gin_trgm_ops);