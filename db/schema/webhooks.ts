import {
  bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid, varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts';
import { webhookDeliveryStatus, webhookEventType } from './enums';

export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  target: varchar('target', { length: 255 }).notNull(),
  events: webhookEventType('events').array().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  secret: text('secret').notNull(),
  // After a rotation deliveries are signed with both secrets until this moment.
  previousSecret: text('previous_secret'),
  previousSecretExpiresOn: timestamp('previous_secret_expires_on', { withTimezone: true }),
  disabledReason: text('disabled_reason'),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('webhook_subscriptions_account_idx').on(t.accountId, t.createdOn, t.id)]);

// One domain event, recorded in the same transaction as the change it describes.
export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  type: webhookEventType('type').notNull(),
  // The resource the event is about: deliveries for one resource keep their order.
  resourceId: varchar('resource_id', { length: 64 }).notNull(),
  payload: jsonb('payload').notNull(),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('webhook_events_account_idx').on(t.accountId, t.createdOn)]);

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Order of creation: deliveries for one resource go out in this order.
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  subscriptionId: uuid('subscription_id').notNull().references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
  eventId: uuid('event_id').notNull().references(() => webhookEvents.id, { onDelete: 'cascade' }),
  resourceId: varchar('resource_id', { length: 64 }).notNull(),
  status: webhookDeliveryStatus('status').notNull().default('PENDING'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptOn: timestamp('next_attempt_on', { withTimezone: true }),
  lastAttemptOn: timestamp('last_attempt_on', { withTimezone: true }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.createdOn),
  index('webhook_deliveries_order_idx').on(t.subscriptionId, t.resourceId, t.seq),
  // Chain queries (is an earlier delivery of this resource pending? which one is next?) walk the
  // pending deliveries of one resource. With a general (subscription, status) index next to it,
  // the planner could pick that one and scan every pending delivery of the subscription for each
  // lookup: quadratic exactly when a backlog builds. Pending and settled rows get an index each.
  index('webhook_deliveries_pending_chain_idx').on(t.subscriptionId, t.resourceId, t.seq).where(sql`${t.status} = 'PENDING'`),
  // The delivery log's status filter and "resend all failed since".
  index('webhook_deliveries_settled_idx').on(t.subscriptionId, t.status, t.createdOn).where(sql`${t.status} <> 'PENDING'`),
]);

export const webhookDeliveryAttempts = pgTable('webhook_delivery_attempts', {
  id: serial('id').primaryKey(),
  deliveryId: uuid('delivery_id').notNull().references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  requestHeaders: jsonb('request_headers').notNull(),
  requestBody: text('request_body').notNull(),
  responseStatus: integer('response_status'),
  responseBody: text('response_body'),
  durationMs: integer('duration_ms').notNull().default(0),
  error: text('error'),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.id)]);
