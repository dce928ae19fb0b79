-- Flows as the engine needs them: published versions of a flow's steps, executions that run one
-- version, per-contact state (current step, waits, answers, unseen replies) and numbered step runs.
-- The tables and types of the first schema held no data and had other value sets: replaced whole.
DROP TABLE IF EXISTS "flow_execution_contact_steps", "flow_execution_contacts", "flow_execution_lists", "flow_executions", "flow_steps", "flows" CASCADE;--> statement-breakpoint
DROP TYPE IF EXISTS "public"."flow_answer_type";--> statement-breakpoint
DROP TYPE IF EXISTS "public"."flow_contact_list_source";--> statement-breakpoint
DROP TYPE IF EXISTS "public"."flow_end_action";--> statement-breakpoint
DROP TYPE IF EXISTS "public"."flow_execute_for";--> statement-breakpoint
DROP TYPE IF EXISTS "public"."flow_execution_contact_status";--> statement-breakpoint
DROP TYPE IF EXISTS "public"."flow_execution_status";--> statement-breakpoint
DROP TYPE IF EXISTS "public"."flow_execution_type";--> statement-breakpoint
DROP TYPE IF EXISTS "public"."flow_inbound_trigger";--> statement-breakpoint
DROP TYPE IF EXISTS "public"."flow_step_type";--> statement-breakpoint
CREATE TYPE "public"."flow_end_action" AS ENUM('NONE', 'WEBHOOK');--> statement-breakpoint
CREATE TYPE "public"."flow_execute_for" AS ENUM('FILTERS', 'LIST', 'ALL');--> statement-breakpoint
CREATE TYPE "public"."flow_execution_contact_status" AS ENUM('READY', 'RUNNING', 'PAUSED', 'COMPLETED', 'EXPIRED', 'FAILED', 'CANCELED');--> statement-breakpoint
CREATE TYPE "public"."flow_execution_status" AS ENUM('PROCESSING', 'READY', 'RUNNING', 'PAUSED', 'COMPLETED', 'CANCELED');--> statement-breakpoint
CREATE TYPE "public"."flow_execution_step_status" AS ENUM('WAITING_TO_START', 'RUNNING', 'COMPLETED', 'FAILED', 'EXPIRED', 'CANCELED');--> statement-breakpoint
CREATE TYPE "public"."flow_execution_type" AS ENUM('INBOUND', 'OUTBOUND', 'API');--> statement-breakpoint
CREATE TYPE "public"."flow_inbound_trigger" AS ENUM('ANY_MESSAGE', 'TEXT', 'IMAGE', 'FILE');--> statement-breakpoint
CREATE TYPE "public"."flow_step_type" AS ENUM('MESSAGE', 'TEMPLATE', 'QUESTION', 'MENU', 'CONDITIONAL', 'ACTION', 'DELAY', 'TAG', 'CONTACT_UPDATE', 'CONVERSATION', 'GO_TO', 'TRIGGER_FLOW', 'END');--> statement-breakpoint
CREATE TABLE "flow_execution_contact_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_execution_contact_id" uuid NOT NULL,
	"step_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"status" "flow_execution_step_status" DEFAULT 'RUNNING' NOT NULL,
	"last_error_detail" text DEFAULT '' NOT NULL,
	"has_error" boolean DEFAULT false NOT NULL,
	"execution_result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_execution_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"flow_execution_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"status" "flow_execution_contact_status" DEFAULT 'READY' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"current_step_idx" smallint,
	"waiting" varchar(16) DEFAULT '' NOT NULL,
	"waiting_since" timestamp with time zone,
	"wait_until" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seen_message_seq" bigint DEFAULT 0 NOT NULL,
	"step_seq" integer DEFAULT 0 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flow_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"flow_id" uuid NOT NULL,
	"version_id" integer NOT NULL,
	"status" "flow_execution_status" DEFAULT 'PROCESSING' NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"execute_for" "flow_execute_for" NOT NULL,
	"execution_type" "flow_execution_type" DEFAULT 'OUTBOUND' NOT NULL,
	"inbound_trigger_with" "flow_inbound_trigger" DEFAULT 'ANY_MESSAGE' NOT NULL,
	"inbound_start_message" text,
	"inbound_start_message_match_exact" boolean DEFAULT false NOT NULL,
	"contact_filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_lists" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_priority" boolean DEFAULT false NOT NULL,
	"flow_execution_variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"start_on" timestamp with time zone,
	"created_by" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"started_on" timestamp with time zone,
	"completed_on" timestamp with time zone,
	"pending" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"canceled" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_id" uuid NOT NULL,
	"version_id" integer NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"step_type" "flow_step_type" NOT NULL,
	"ordering_idx" smallint NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"created_by" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"flow_end_action" "flow_end_action" DEFAULT 'NONE' NOT NULL,
	"flow_end_webhook_url" text DEFAULT '' NOT NULL,
	"flow_webhook_retries" smallint DEFAULT 0 NOT NULL,
	"execution_type" "flow_execution_type" DEFAULT 'OUTBOUND' NOT NULL,
	"flow_execution_variables" text[] DEFAULT '{}'::text[] NOT NULL,
	"channel_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_execution_contact_steps" ADD CONSTRAINT "flow_execution_contact_steps_flow_execution_contact_id_flow_execution_contacts_id_fk" FOREIGN KEY ("flow_execution_contact_id") REFERENCES "public"."flow_execution_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_contact_steps" ADD CONSTRAINT "flow_execution_contact_steps_step_id_flow_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."flow_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_contacts" ADD CONSTRAINT "flow_execution_contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_contacts" ADD CONSTRAINT "flow_execution_contacts_flow_execution_id_flow_executions_id_fk" FOREIGN KEY ("flow_execution_id") REFERENCES "public"."flow_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_contacts" ADD CONSTRAINT "flow_execution_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_executions" ADD CONSTRAINT "flow_executions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_executions" ADD CONSTRAINT "flow_executions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_executions" ADD CONSTRAINT "flow_executions_version_id_flow_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."flow_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_executions" ADD CONSTRAINT "flow_executions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_steps" ADD CONSTRAINT "flow_steps_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_steps" ADD CONSTRAINT "flow_steps_version_id_flow_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."flow_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flow_execution_contact_steps_seq_key" ON "flow_execution_contact_steps" USING btree ("flow_execution_contact_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_execution_contacts_execution_contact_key" ON "flow_execution_contacts" USING btree ("flow_execution_id","contact_id");--> statement-breakpoint
CREATE INDEX "flow_execution_contacts_account_idx" ON "flow_execution_contacts" USING btree ("account_id","created_on","id");--> statement-breakpoint
CREATE INDEX "flow_execution_contacts_execution_idx" ON "flow_execution_contacts" USING btree ("flow_execution_id","status");--> statement-breakpoint
CREATE INDEX "flow_execution_contacts_active_contact_idx" ON "flow_execution_contacts" USING btree ("contact_id") WHERE is_active;--> statement-breakpoint
CREATE INDEX "flow_execution_contacts_wait_idx" ON "flow_execution_contacts" USING btree ("wait_until") WHERE is_active and wait_until is not null;--> statement-breakpoint
CREATE INDEX "flow_executions_account_idx" ON "flow_executions" USING btree ("account_id","created_on","id");--> statement-breakpoint
CREATE INDEX "flow_executions_flow_idx" ON "flow_executions" USING btree ("flow_id","created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_steps_version_ordering_key" ON "flow_steps" USING btree ("version_id","ordering_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_versions_flow_version_key" ON "flow_versions" USING btree ("flow_id","version");--> statement-breakpoint
CREATE INDEX "flows_account_idx" ON "flows" USING btree ("account_id","created_on","id");
