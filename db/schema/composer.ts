import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { bytea } from './contacts';

// What agents reach for while replying: saved snippets and the files they attach.

export const quickReplies = pgTable('quick_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  shortcut: varchar('shortcut', { length: 64 }).notNull(),
  body: text('body').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('quick_replies_account_shortcut_idx').on(t.accountId, sql`lower(${t.shortcut})`)]);

// Files live in the database so every web process and the worker see the same ones, on PGlite too.
export const attachments = pgTable('attachments', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  token: varchar('token', { length: 64 }).notNull(),
  filename: varchar('filename', { length: 255 }).notNull(),
  mimeType: varchar('mime_type', { length: 127 }).notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('attachments_token_idx').on(t.token),
  index('attachments_account_idx').on(t.accountId, t.createdOn),
]);
