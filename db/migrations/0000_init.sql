CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TYPE "public"."account_status" AS ENUM('NEW', 'ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."broadcast_recipient_status" AS ENUM('PENDING', 'SENT', 'DELIVERED', 'READ', 'ANSWERED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."broadcast_status" AS ENUM('PENDING', 'SCHEDULED', 'PROCESSING', 'COMPLETED', 'CANCELLED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."channel_provider" AS ENUM('PROVIDER_CLOUD_API', 'PROVIDER_SANDBOX');--> statement-breakpoint
CREATE TYPE "public"."channel_status" AS ENUM('NEW', 'ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."channel_type" AS ENUM('CHAT');--> statement-breakpoint
CREATE TYPE "public"."contact_import_status" AS ENUM('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."conversation_source" AS ENUM('INBOX', 'API', 'BROADCAST', 'FLOW');--> statement-breakpoint
CREATE TYPE "public"."conversation_status" AS ENUM('CREATED', 'FLOW', 'NEW', 'IN_PROGRESS', 'RESOLVED', 'CLOSED');--> statement-breakpoint
CREATE TYPE "public"."flow_answer_type" AS ENUM('FREE_TEXT', 'OPTIONS', 'NUMBER', 'EMAIL', 'PHONE', 'DATE', 'FILE', 'LOCATION', 'NONE');--> statement-breakpoint
CREATE TYPE "public"."flow_contact_list_source" AS ENUM('LIST', 'FILE');--> statement-breakpoint
CREATE TYPE "public"."flow_end_action" AS ENUM('NONE', 'WEBHOOK');--> statement-breakpoint
CREATE TYPE "public"."flow_execute_for" AS ENUM('FILTERS', 'LIST', 'ALL');--> statement-breakpoint
CREATE TYPE "public"."flow_execution_contact_status" AS ENUM('READY', 'RUNNING', 'WAITING', 'COMPLETED', 'EXPIRED', 'FAILED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."flow_execution_status" AS ENUM('PENDING', 'SCHEDULED', 'RUNNING', 'COMPLETED', 'CANCELLED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."flow_execution_type" AS ENUM('INBOUND', 'OUTBOUND');--> statement-breakpoint
CREATE TYPE "public"."flow_inbound_trigger" AS ENUM('ANY_MESSAGE', 'TEXT', 'IMAGE', 'FILE');--> statement-breakpoint
CREATE TYPE "public"."flow_step_type" AS ENUM('MESSAGE', 'QUESTION', 'CONDITIONAL', 'ACTION', 'DELAY', 'ASSIGN', 'TAG', 'END');--> statement-breakpoint
CREATE TYPE "public"."member_role" AS ENUM('ADMIN', 'MANAGER', 'AGENT');--> statement-breakpoint
CREATE TYPE "public"."message_direction" AS ENUM('INBOUND', 'OUTBOUND');--> statement-breakpoint
CREATE TYPE "public"."message_source" AS ENUM('INBOUND', 'API', 'INBOX', 'BROADCAST', 'FLOW');--> statement-breakpoint
CREATE TYPE "public"."message_status" AS ENUM('new', 'queued', 'accepted', 'sent', 'delivered', 'read', 'failed', 'received');--> statement-breakpoint
CREATE TYPE "public"."message_type" AS ENUM('text', 'template', 'image', 'document', 'audio', 'video', 'sticker', 'location', 'contacts', 'interactive', 'button', 'reaction', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."phone_status" AS ENUM('UNKNOWN', 'VALID', 'INVALID');--> statement-breakpoint
CREATE TYPE "public"."team_assignment_strategy" AS ENUM('MANUAL', 'ROUND_ROBIN', 'LEAST_BUSY');--> statement-breakpoint
CREATE TYPE "public"."template_category" AS ENUM('ACCOUNT_UPDATE', 'ALERT_UPDATE', 'APPOINTMENT_UPDATE', 'AUTHENTICATION', 'AUTO_REPLY', 'ISSUE_RESOLUTION', 'MARKETING', 'OTP', 'PAYMENT_UPDATE', 'PERSONAL_FINANCE_UPDATE', 'RESERVATION_UPDATE', 'SHIPPING_UPDATE', 'TICKET_UPDATE', 'TRANSACTIONAL', 'TRANSPORTATION_UPDATE', 'UTILITY');--> statement-breakpoint
CREATE TYPE "public"."template_status" AS ENUM('approved', 'deleted', 'disabled', 'draft', 'in_appeal', 'pending', 'pending_deletion', 'rejected', 'submitted');--> statement-breakpoint
CREATE TYPE "public"."webhook_delivery_status" AS ENUM('PENDING', 'SUCCEEDED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."webhook_event_type" AS ENUM('contact.created', 'contact.updated', 'contact.deleted', 'flow_execution_contact.completed', 'flow_execution_contact.running_inbound');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"status" "account_status" DEFAULT 'NEW' NOT NULL,
	"default_timezone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"country" char(2) DEFAULT 'US' NOT NULL,
	"has_working_hours" boolean DEFAULT false NOT NULL,
	"working_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"after_hours_response" text DEFAULT '' NOT NULL,
	"timer_after_hours_response" time,
	"inbox_add_name_before_message" boolean DEFAULT false NOT NULL,
	"measure_customer_satisfaction_per_conversation" boolean DEFAULT false NOT NULL,
	"measure_customer_satisfaction_per_conversation_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"should_autoclose_conversations" boolean DEFAULT false NOT NULL,
	"autoclose_conversations_after" smallint,
	"autoclose_measure_customer_satisfaction_per_conversation" smallint,
	"archive_conversations_when_closed" boolean DEFAULT false NOT NULL,
	"agents_can_see_all_conversations" boolean DEFAULT true NOT NULL,
	"sandbox_number" varchar(32),
	"generated_code" varchar(32),
	"feature_flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact_available_variables" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact_count" integer DEFAULT 0 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_by" integer,
	"name" varchar(100) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"key_hash" char(64) NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_on" timestamp with time zone,
	"revoked_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(150) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"assignment_strategy" "team_assignment_strategy" DEFAULT 'MANUAL' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"first_name" varchar(150) DEFAULT '' NOT NULL,
	"last_name" varchar(150) DEFAULT '' NOT NULL,
	"role" "member_role" DEFAULT 'AGENT' NOT NULL,
	"password_hash" text,
	"profile_image" varchar(500),
	"is_active" boolean DEFAULT true NOT NULL,
	"notify_when_msg_comes_in_after_hours" boolean DEFAULT false NOT NULL,
	"inbox_contact_info_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"channel_id" varchar(64) NOT NULL,
	"channel_type" "channel_type" DEFAULT 'CHAT' NOT NULL,
	"channel_provider" "channel_provider" NOT NULL,
	"name" varchar(150) NOT NULL,
	"status" "channel_status" DEFAULT 'NEW' NOT NULL,
	"is_sandbox" boolean DEFAULT false NOT NULL,
	"settings_encrypted" text,
	"rate_limit_per_second" integer DEFAULT 80 NOT NULL,
	"templates_synced_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"provider_template_id" varchar(64),
	"name" varchar(512) NOT NULL,
	"language" varchar(16) NOT NULL,
	"category" "template_category" NOT NULL,
	"status" "template_status" DEFAULT 'pending' NOT NULL,
	"components" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rejected_reason" text DEFAULT '' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_default_assignees" (
	"contact_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "contact_default_assignees_contact_id_user_id_pk" PRIMARY KEY("contact_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "contact_import_chunks" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "contact_import_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "contact_import_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"reason" text NOT NULL,
	"row" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"created_by" integer,
	"status" "contact_import_status" DEFAULT 'PENDING' NOT NULL,
	"byte_size" bigint DEFAULT 0 NOT NULL,
	"processed_bytes" bigint DEFAULT 0 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"started_on" timestamp with time zone,
	"finished_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" uuid NOT NULL,
	"notes" text NOT NULL,
	"created_by" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"contact_id" uuid NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "contact_tags_contact_id_tag_id_pk" PRIMARY KEY("contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"phone" varchar(64) NOT NULL,
	"canonical_phone" varchar(20) NOT NULL,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"email" varchar(254),
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"external_url" varchar(200),
	"external_id" varchar(255),
	"is_deleted" boolean DEFAULT false NOT NULL,
	"source" varchar(50) DEFAULT 'website' NOT NULL,
	"phone_status" "phone_status" DEFAULT 'UNKNOWN' NOT NULL,
	"contact_import" uuid,
	"last_conversation" uuid,
	"created_by" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_assignees" (
	"conversation_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "conversation_assignees_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversation_tags" (
	"conversation_id" uuid NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "conversation_tags_conversation_id_tag_id_pk" PRIMARY KEY("conversation_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"contact_id" uuid NOT NULL,
	"channel_id" integer,
	"status" "conversation_status" DEFAULT 'CREATED' NOT NULL,
	"source" "conversation_source" DEFAULT 'INBOX' NOT NULL,
	"last_message_on" timestamp with time zone,
	"last_inbound_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"conversation_id" uuid,
	"contact_id" uuid NOT NULL,
	"channel_id" integer,
	"chat_template_id" uuid,
	"direction" "message_direction" NOT NULL,
	"source" "message_source" NOT NULL,
	"status" "message_status" DEFAULT 'new' NOT NULL,
	"msg_type" "message_type" DEFAULT 'text' NOT NULL,
	"to_number" varchar(32) NOT NULL,
	"from_number" varchar(32) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content_type" varchar(100) DEFAULT '' NOT NULL,
	"location" jsonb,
	"contacts" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_on" timestamp with time zone,
	"accepted_on" timestamp with time zone,
	"sent_on" timestamp with time zone,
	"delivered_on" timestamp with time zone,
	"read_on" timestamp with time zone,
	"failed_on" timestamp with time zone,
	"provider_id" varchar(128),
	"provider_error_code" varchar(32),
	"provider_error_message" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"sent_by" integer,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcast_contact_tags" (
	"broadcast_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "broadcast_contact_tags_broadcast_id_tag_id_pk" PRIMARY KEY("broadcast_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "broadcast_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"broadcast_id" integer NOT NULL,
	"contact_id" uuid NOT NULL,
	"data" text[] DEFAULT '{}' NOT NULL,
	"status" "broadcast_recipient_status" DEFAULT 'PENDING' NOT NULL,
	"message_id" uuid
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_by" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"start_on" timestamp with time zone,
	"status" "broadcast_status" DEFAULT 'PENDING' NOT NULL,
	"chat_template_id" uuid,
	"template_body" text DEFAULT '' NOT NULL,
	"has_priority" boolean DEFAULT false NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_execution_contact_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_execution_contact_id" uuid NOT NULL,
	"step_id" integer NOT NULL,
	"last_error_detail" text DEFAULT '' NOT NULL,
	"has_error" boolean DEFAULT false NOT NULL,
	"execution_result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_execution_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"flow_execution_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"list_id" integer,
	"status" "flow_execution_contact_status" DEFAULT 'READY' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"current_step_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_execution_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_execution_id" uuid NOT NULL,
	"source" "flow_contact_list_source" NOT NULL,
	"contact_import_id" uuid
);
--> statement-breakpoint
CREATE TABLE "flow_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"flow_id" uuid NOT NULL,
	"status" "flow_execution_status" DEFAULT 'PENDING' NOT NULL,
	"execute_for" "flow_execute_for" NOT NULL,
	"execution_type" "flow_execution_type" DEFAULT 'OUTBOUND' NOT NULL,
	"inbound_trigger_with" "flow_inbound_trigger" DEFAULT 'ANY_MESSAGE' NOT NULL,
	"inbound_start_message" text,
	"inbound_start_message_match_exact" boolean DEFAULT false NOT NULL,
	"contact_filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_priority" boolean DEFAULT false NOT NULL,
	"flow_execution_variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"start_on" timestamp with time zone,
	"created_by" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_id" uuid NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"step_type" "flow_step_type" NOT NULL,
	"ordering_idx" smallint NOT NULL,
	"next_step_default_idx" smallint,
	"next_step_alternate_idx" smallint,
	"next_steps_for_options_idx" integer[] DEFAULT '{}'::int[] NOT NULL,
	"answer_type" "flow_answer_type" DEFAULT 'NONE' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"answer_options" text[] DEFAULT '{}'::text[] NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"created_by" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"flow_end_action" "flow_end_action" DEFAULT 'NONE' NOT NULL,
	"flow_webhook_retries" smallint DEFAULT 0 NOT NULL,
	"execution_type" "flow_execution_type" DEFAULT 'OUTBOUND' NOT NULL,
	"flow_execution_variables" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"subscription_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"resource_id" varchar(64) NOT NULL,
	"status" "webhook_delivery_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_on" timestamp with time zone,
	"last_attempt_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"request_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"type" "webhook_event_type" NOT NULL,
	"resource_id" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"target" varchar(255) NOT NULL,
	"events" "webhook_event_type"[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_on" timestamp with time zone,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_templates" ADD CONSTRAINT "chat_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_templates" ADD CONSTRAINT "chat_templates_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_default_assignees" ADD CONSTRAINT "contact_default_assignees_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_default_assignees" ADD CONSTRAINT "contact_default_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_chunks" ADD CONSTRAINT "contact_import_chunks_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_errors" ADD CONSTRAINT "contact_import_errors_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_assignees" ADD CONSTRAINT "conversation_assignees_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_assignees" ADD CONSTRAINT "conversation_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_tags" ADD CONSTRAINT "conversation_tags_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_tags" ADD CONSTRAINT "conversation_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_chat_template_id_chat_templates_id_fk" FOREIGN KEY ("chat_template_id") REFERENCES "public"."chat_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_contact_tags" ADD CONSTRAINT "broadcast_contact_tags_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_contact_tags" ADD CONSTRAINT "broadcast_contact_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_chat_template_id_chat_templates_id_fk" FOREIGN KEY ("chat_template_id") REFERENCES "public"."chat_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_contact_steps" ADD CONSTRAINT "flow_execution_contact_steps_flow_execution_contact_id_flow_execution_contacts_id_fk" FOREIGN KEY ("flow_execution_contact_id") REFERENCES "public"."flow_execution_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_contact_steps" ADD CONSTRAINT "flow_execution_contact_steps_step_id_flow_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."flow_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_contacts" ADD CONSTRAINT "flow_execution_contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_contacts" ADD CONSTRAINT "flow_execution_contacts_flow_execution_id_flow_executions_id_fk" FOREIGN KEY ("flow_execution_id") REFERENCES "public"."flow_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_contacts" ADD CONSTRAINT "flow_execution_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_contacts" ADD CONSTRAINT "flow_execution_contacts_list_id_flow_execution_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."flow_execution_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_contacts" ADD CONSTRAINT "flow_execution_contacts_current_step_id_flow_steps_id_fk" FOREIGN KEY ("current_step_id") REFERENCES "public"."flow_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_lists" ADD CONSTRAINT "flow_execution_lists_flow_execution_id_flow_executions_id_fk" FOREIGN KEY ("flow_execution_id") REFERENCES "public"."flow_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_execution_lists" ADD CONSTRAINT "flow_execution_lists_contact_import_id_contact_imports_id_fk" FOREIGN KEY ("contact_import_id") REFERENCES "public"."contact_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_executions" ADD CONSTRAINT "flow_executions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_executions" ADD CONSTRAINT "flow_executions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_executions" ADD CONSTRAINT "flow_executions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_steps" ADD CONSTRAINT "flow_steps_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id","created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_account_name_key" ON "groups" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_account_name_key" ON "teams" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "channels_account_idx" ON "channels" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_templates_channel_name_lang_key" ON "chat_templates" USING btree ("channel_id","name","language");--> statement-breakpoint
CREATE INDEX "chat_templates_account_idx" ON "chat_templates" USING btree ("account_id","created_on");--> statement-breakpoint
CREATE INDEX "contact_default_assignees_user_idx" ON "contact_default_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contact_import_errors_import_idx" ON "contact_import_errors" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "contact_imports_account_idx" ON "contact_imports" USING btree ("account_id","created_on");--> statement-breakpoint
CREATE INDEX "contact_notes_contact_idx" ON "contact_notes" USING btree ("contact_id","id");--> statement-breakpoint
CREATE INDEX "contact_tags_tag_idx" ON "contact_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_phone_key" ON "contacts" USING btree ("account_id","canonical_phone");--> statement-breakpoint
CREATE INDEX "contacts_account_list_idx" ON "contacts" USING btree ("account_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "contacts"."is_deleted";--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tags_account_name_key" ON "tags" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "conversation_assignees_user_idx" ON "conversation_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_one_open_key" ON "conversations" USING btree ("contact_id") WHERE "conversations"."status" NOT IN ('RESOLVED', 'CLOSED');--> statement-breakpoint
CREATE INDEX "conversations_account_idx" ON "conversations" USING btree ("account_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_contact_idx" ON "conversations" USING btree ("contact_id","created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_channel_provider_id_key" ON "messages" USING btree ("channel_id","provider_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","timestamp","id");--> statement-breakpoint
CREATE INDEX "messages_contact_idx" ON "messages" USING btree ("contact_id","timestamp");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_broadcast_idx" ON "broadcast_recipients" USING btree ("broadcast_id","id");--> statement-breakpoint
CREATE INDEX "broadcasts_account_idx" ON "broadcasts" USING btree ("account_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flow_execution_contact_steps_fec_idx" ON "flow_execution_contact_steps" USING btree ("flow_execution_contact_id","created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_execution_contacts_execution_contact_key" ON "flow_execution_contacts" USING btree ("flow_execution_id","contact_id");--> statement-breakpoint
CREATE INDEX "flow_execution_contacts_account_idx" ON "flow_execution_contacts" USING btree ("account_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flow_execution_contacts_contact_idx" ON "flow_execution_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "flow_execution_lists_execution_idx" ON "flow_execution_lists" USING btree ("flow_execution_id");--> statement-breakpoint
CREATE INDEX "flow_executions_account_idx" ON "flow_executions" USING btree ("account_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flow_executions_flow_idx" ON "flow_executions" USING btree ("flow_id","created_on" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "flow_steps_flow_ordering_key" ON "flow_steps" USING btree ("flow_id","ordering_idx");--> statement-breakpoint
CREATE INDEX "flows_account_idx" ON "flows" USING btree ("account_id","created_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_id","created_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("subscription_id","resource_id","seq");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_status_idx" ON "webhook_deliveries" USING btree ("subscription_id","status","created_on");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_delivery_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "webhook_events_account_idx" ON "webhook_events" USING btree ("account_id","created_on");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_account_idx" ON "webhook_subscriptions" USING btree ("account_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);