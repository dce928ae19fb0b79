DROP INDEX "contacts_account_list_idx";--> statement-breakpoint
DROP INDEX "conversations_account_idx";--> statement-breakpoint
DROP INDEX "broadcasts_account_idx";--> statement-breakpoint
DROP INDEX "flow_execution_contacts_account_idx";--> statement-breakpoint
DROP INDEX "flow_executions_account_idx";--> statement-breakpoint
DROP INDEX "flow_executions_flow_idx";--> statement-breakpoint
DROP INDEX "flows_account_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_subscription_idx";--> statement-breakpoint
DROP INDEX "webhook_subscriptions_account_idx";--> statement-breakpoint
CREATE INDEX "contacts_account_list_idx" ON "contacts" USING btree ("account_id","created_on","id") WHERE NOT "contacts"."is_deleted";--> statement-breakpoint
CREATE INDEX "conversations_account_idx" ON "conversations" USING btree ("account_id","created_on","id");--> statement-breakpoint
CREATE INDEX "broadcasts_account_idx" ON "broadcasts" USING btree ("account_id","created_on","id");--> statement-breakpoint
CREATE INDEX "flow_execution_contacts_account_idx" ON "flow_execution_contacts" USING btree ("account_id","created_on","id");--> statement-breakpoint
CREATE INDEX "flow_executions_account_idx" ON "flow_executions" USING btree ("account_id","created_on","id");--> statement-breakpoint
CREATE INDEX "flow_executions_flow_idx" ON "flow_executions" USING btree ("flow_id","created_on");--> statement-breakpoint
CREATE INDEX "flows_account_idx" ON "flows" USING btree ("account_id","created_on");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_id","created_on");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_account_idx" ON "webhook_subscriptions" USING btree ("account_id","created_on","id");