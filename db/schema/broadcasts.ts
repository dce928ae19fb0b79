import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { chatTemplates } from './channels';
import { contacts, tags } from './contacts';
import { messages } from './conversations';
import { broadcastRecipientStatus, broadcastStatus } from './enums';

export const broadcasts = pgTable('broadcasts', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  isActive: boolean('is_active').notNull().default(true),
  startOn: timestamp('start_on', { withTimezone: true }),
  status: broadcastStatus('status').notNull().default('PENDING'),
  statusReason: text('status_reason').notNull().default(''),
  chatTemplateId: uuid('chat_template_id').references(() => chatTemplates.id, { onDelete: 'set null' }),
  templateBody: text('template_body').notNull().default(''),
  hasPriority: boolean('has_priority').notNull().default(false),
  /** The broadcast whose failed recipients this one sends to again. */
  retryOfId: integer('retry_of').references((): never => broadcasts.id as never, { onDelete: 'set null' }),
  total: integer('total').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  read: integer('read').notNull().default(0),
  answered: integer('answered').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  pending: integer('pending').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  startedOn: timestamp('started_on', { withTimezone: true }),
  completedOn: timestamp('completed_on', { withTimezone: true }),
}, (t) => [
  index('broadcasts_account_idx').on(t.accountId, t.createdOn, t.id),
  index('broadcasts_account_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  // A broadcast's retry (retried_by, and the once-only check) is looked up by retry_of.
  index('broadcasts_retry_of_idx').on(t.retryOfId).where(sql`${t.retryOfId} is not null`),
]);

export const broadcastRecipients = pgTable('broadcast_recipients', {
  id: serial('id').primaryKey(),
  broadcastId: integer('broadcast_id').notNull().references(() => broadcasts.id, { onDelete: 'cascade' }),
  /** Set when the broadcast reaches the recipient: its contact is upserted then. */
  contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
  /** The number as given, and canonical. */
  phone: varchar('phone', { length: 64 }).notNull(),
  canonicalPhone: varchar('canonical_phone', { length: 32 }).notNull(),
  data: text('data').array().notNull().default(sql`'{}'::text[]`),
  status: broadcastRecipientStatus('status').notNull().default('pending'),
  reason: text('reason').notNull().default(''),
  messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
  sentOn: timestamp('sent_on', { withTimezone: true }),
  deliveredOn: timestamp('delivered_on', { withTimezone: true }),
  readOn: timestamp('read_on', { withTimezone: true }),
  answeredOn: timestamp('answered_on', { withTimezone: true }),
  failedOn: timestamp('failed_on', { withTimezone: true }),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('broadcast_recipients_phone_key').on(t.broadcastId, t.canonicalPhone),
  index('broadcast_recipients_broadcast_idx').on(t.broadcastId, t.id),
  index('broadcast_recipients_status_idx').on(t.broadcastId, t.status, t.id),
  // Whole indexes, not partial ones: joins on these columns (a message's recipient) cannot use a
  // partial index, whose predicate the planner proves from a query's restrictions only.
  index('broadcast_recipients_message_idx').on(t.messageId),
  index('broadcast_recipients_contact_idx').on(t.contactId, t.id),
]);

export const broadcastContactTags = pgTable('broadcast_contact_tags', {
  broadcastId: integer('broadcast_id').notNull().references(() => broadcasts.id, { onDelete: 'cascade' }),
  tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.broadcastId, t.tagId] })]);
