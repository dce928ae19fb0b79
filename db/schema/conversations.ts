import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar,
} from 'drizzle-orm/pg-core';
import { accounts, teams, users } from './accounts';
import { channels, chatTemplates } from './channels';
import { contacts, tags } from './contacts';
import { conversationSource, conversationStatus, messageDirection, messageSource, messageStatus, messageType } from './enums';
import { FOLD_FROM, FOLD_TO } from '../../lib/conversations/fold';

export const conversations = pgTable('conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
  channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
  status: conversationStatus('status').notNull().default('CREATED'),
  source: conversationSource('source').notNull().default('INBOX'),
  lastMessageOn: timestamp('last_message_on', { withTimezone: true }),
  // Start of the 24-hour free-form window.
  lastInboundOn: timestamp('last_inbound_on', { withTimezone: true }),
  // The team the conversation was assigned to (its members see it when agents see only their own).
  teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
  // When the after-hours reply was sent: once per conversation.
  afterHoursRepliedOn: timestamp('after_hours_replied_on', { withTimezone: true }),
  // Inbound messages since an agent last read or answered the conversation (shared by the agents).
  unreadCount: integer('unread_count').notNull().default(0),
  // Set when the conversation closes in an account that archives closed conversations (a trigger
  // of migration 0019 keeps it); archived conversations leave the inbox's lists.
  archivedOn: timestamp('archived_on', { withTimezone: true }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // A contact has at most one open conversation.
  uniqueIndex('conversations_one_open_key').on(t.contactId).where(sql`${t.status} NOT IN ('RESOLVED', 'CLOSED')`),
  index('conversations_account_idx').on(t.accountId, t.createdOn, t.id),
  // The inbox: newest activity first.
  index('conversations_account_activity_idx').on(t.accountId, t.lastMessageOn, t.id),
  // The inbox's order, -last_message_on (DESC NULLS LAST, which the index above cannot give).
  index('conversations_account_recent_idx').on(t.accountId, t.lastMessageOn.desc().nullsLast(), t.id.desc()),
  index('conversations_contact_idx').on(t.contactId, t.createdOn),
  // The auto-close job's scan: open conversations by idleness.
  index('conversations_account_archived_idx').on(t.accountId, t.archivedOn).where(sql`${t.archivedOn} IS NOT NULL`),
  index('conversations_open_idle_idx').on(t.accountId, t.lastMessageOn).where(sql`${t.status} NOT IN ('RESOLVED', 'CLOSED')`),
]);

export const conversationTags = pgTable('conversation_tags', {
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.conversationId, t.tagId] })]);

export const conversationAssignees = pgTable('conversation_assignees', {
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_assignees_user_idx').on(t.userId)]);

export const messages = pgTable('messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
  contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
  channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
  chatTemplateId: uuid('chat_template_id').references(() => chatTemplates.id, { onDelete: 'set null' }),
  direction: messageDirection('direction').notNull(),
  source: messageSource('source').notNull(),
  status: messageStatus('status').notNull().default('new'),
  msgType: messageType('msg_type').notNull().default('text'),
  toNumber: varchar('to_number', { length: 32 }).notNull(),
  fromNumber: varchar('from_number', { length: 32 }).notNull(),
  body: text('body').notNull().default(''),
  // The body as the inbox searches it: lower case, accents folded (lib/conversations/fold.ts).
  bodyFolded: text('body_folded').generatedAlwaysAs(sql.raw(`translate(lower(body), '${FOLD_FROM}', '${FOLD_TO}')`)),
  content: jsonb('content').notNull().default({}),
  contentType: varchar('content_type', { length: 100 }).notNull().default(''),
  location: jsonb('location'),
  contactsPayload: jsonb('contacts'),
  timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  queuedOn: timestamp('queued_on', { withTimezone: true }),
  acceptedOn: timestamp('accepted_on', { withTimezone: true }),
  sentOn: timestamp('sent_on', { withTimezone: true }),
  deliveredOn: timestamp('delivered_on', { withTimezone: true }),
  readOn: timestamp('read_on', { withTimezone: true }),
  failedOn: timestamp('failed_on', { withTimezone: true }),
  providerId: varchar('provider_id', { length: 128 }),
  providerErrorCode: varchar('provider_error_code', { length: 32 }),
  providerErrorMessage: text('provider_error_message'),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  // Set (database clock) just before the provider is called: a send is claimed once, so a
  // redelivered job never calls the provider a second time (lib/messages/send-job.ts).
  sendClaimedOn: timestamp('send_claimed_on', { withTimezone: true }),
  sentById: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
  isDeleted: boolean('is_deleted').notNull().default(false),
  // Arrival order: breaks ties between messages with the same timestamp (providers send whole seconds).
  seq: bigserial('seq', { mode: 'number' }).notNull(),
}, (t) => [
  // The same provider callback delivered twice stores one message.
  uniqueIndex('messages_channel_provider_id_key').on(t.channelId, t.providerId),
  index('messages_conversation_idx').on(t.conversationId, t.timestamp, t.seq),
  index('messages_contact_idx').on(t.contactId, t.timestamp),
  // A conversation's queued messages in order: each goes out once those before it have (send-claim.ts).
  index('messages_queued_conversation_idx').on(t.conversationId, t.seq).where(sql`${t.status} = 'queued'`),
  // The inbox's search over message text (LIKE '%term%' on the folded body).
  index('messages_body_folded_trgm_idx').using('gin', sql`${t.bodyFolded} gin_trgm_ops`),
]);
