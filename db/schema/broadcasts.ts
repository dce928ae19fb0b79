import {
  boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid, varchar,
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
  chatTemplateId: uuid('chat_template_id').references(() => chatTemplates.id, { onDelete: 'set null' }),
  templateBody: text('template_body').notNull().default(''),
  hasPriority: boolean('has_priority').notNull().default(false),
  sent: integer('sent').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  read: integer('read').notNull().default(0),
  answered: integer('answered').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  pending: integer('pending').notNull().default(0),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('broadcasts_account_idx').on(t.accountId, t.createdOn, t.id)]);

export const broadcastRecipients = pgTable('broadcast_recipients', {
  id: serial('id').primaryKey(),
  broadcastId: integer('broadcast_id').notNull().references(() => broadcasts.id, { onDelete: 'cascade' }),
  contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
  data: text('data').array().notNull().default([]),
  status: broadcastRecipientStatus('status').notNull().default('PENDING'),
  messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
}, (t) => [index('broadcast_recipients_broadcast_idx').on(t.broadcastId, t.id)]);

export const broadcastContactTags = pgTable('broadcast_contact_tags', {
  broadcastId: integer('broadcast_id').notNull().references(() => broadcasts.id, { onDelete: 'cascade' }),
  tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.broadcastId, t.tagId] })]);
