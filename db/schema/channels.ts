import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { channelProvider, channelStatus, channelType, templateCategory, templateStatus } from './enums';

export const channels = pgTable('channels', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  // The provider's id for the number (phone_number_id for cloud_api, the sandbox number otherwise).
  channelId: varchar('channel_id', { length: 64 }).notNull(),
  channelType: channelType('channel_type').notNull().default('CHAT'),
  channelProvider: channelProvider('channel_provider').notNull(),
  name: varchar('name', { length: 150 }).notNull(),
  status: channelStatus('status').notNull().default('NEW'),
  isSandbox: boolean('is_sandbox').notNull().default(false),
  // Provider settings (cloud_api_settings), AES-GCM encrypted with a key from the environment.
  settingsEncrypted: text('settings_encrypted'),
  rateLimitPerSecond: integer('rate_limit_per_second').notNull().default(80),
  templatesSyncedOn: timestamp('templates_synced_on', { withTimezone: true }),
  // A deleted channel stays for its messages' history; it is hidden and sends through it are refused.
  deletedOn: timestamp('deleted_on', { withTimezone: true }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('channels_account_idx').on(t.accountId),
  // Every account has exactly one sandbox channel.
  uniqueIndex('channels_one_sandbox_key').on(t.accountId).where(sql`${t.isSandbox}`),
]);

// When the channel's provider last called back with delivery statuses (written at most every few
// seconds per process): the proof that its callbacks reach us (lib/messages/send-claim.ts).
export const channelStatusArrivals = pgTable('channel_status_arrivals', {
  channelId: integer('channel_id').primaryKey().references(() => channels.id, { onDelete: 'cascade' }),
  lastOn: timestamp('last_on', { withTimezone: true }).notNull(),
});

// Per web process: every provider callback it received before `throughOn` has been processed
// (lib/messages/status-arrivals.ts).
export const callbackWatermarks = pgTable('callback_watermarks', {
  processId: text('process_id').primaryKey(),
  throughOn: timestamp('through_on', { withTimezone: true }).notNull(),
  beatOn: timestamp('beat_on', { withTimezone: true }).notNull(),
});

export const chatTemplates = pgTable('chat_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
  providerTemplateId: varchar('provider_template_id', { length: 64 }),
  name: varchar('name', { length: 512 }).notNull(),
  language: varchar('language', { length: 16 }).notNull(),
  category: templateCategory('category').notNull(),
  status: templateStatus('status').notNull().default('pending'),
  components: jsonb('components').notNull().default({}),
  rejectedReason: text('rejected_reason').notNull().default(''),
  isDeleted: boolean('is_deleted').notNull().default(false),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('chat_templates_channel_name_lang_key').on(t.channelId, t.name, t.language),
  index('chat_templates_account_idx').on(t.accountId, t.createdOn),
]);

// The next free send slot of each channel, shared by every process that sends through it, so the
// channel's messages-per-second limit holds across all of them (lib/channels/pace.ts).
export const channelSendPace = pgTable('channel_send_pace', {
  channelId: integer('channel_id').primaryKey().references(() => channels.id, { onDelete: 'cascade' }),
  nextSlot: timestamp('next_slot', { withTimezone: true }).notNull(),
});
