-- The key that signs what `flow_end_action` WEBHOOK posts (Standard Webhooks, as subscriptions sign): 32 random bytes, per flow.
ALTER TABLE "flows" ADD COLUMN "flow_end_webhook_secret" text DEFAULT ('whsec_' || encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'base64')) NOT NULL;
--> statement-breakpoint
-- An execution tried on the sandbox phone sends on the sandbox channel, whatever the flow's own channel.
ALTER TABLE "flow_executions" ADD COLUMN "channel_id" integer REFERENCES "channels"("id") ON DELETE SET NULL;
