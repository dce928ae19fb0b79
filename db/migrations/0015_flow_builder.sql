-- The flow builder: a flow's working draft (steps and node positions, saved as it is edited) beside
-- its published versions, who published each version and with which layout, and the flow's
-- inbound trigger so that an INBOUND flow can be checked for one before it is published.
ALTER TABLE "flows" ADD COLUMN "status" varchar(16) DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "draft_updated_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "inbound_trigger_with" "flow_inbound_trigger";--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "inbound_start_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD COLUMN "layout" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
