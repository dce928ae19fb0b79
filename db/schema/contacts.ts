import { sql } from 'drizzle-orm';
import {
  bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { contactImportStatus, phoneStatus } from './enums';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const contacts = pgTable('contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  phone: varchar('phone', { length: 64 }).notNull(),
  // E.164; one contact per canonical phone and account (the upsert key).
  canonicalPhone: varchar('canonical_phone', { length: 20 }).notNull(),
  firstName: varchar('first_name', { length: 100 }),
  lastName: varchar('last_name', { length: 100 }),
  email: varchar('email', { length: 254 }),
  meta: jsonb('meta').$type<Record<string, string>>().notNull().default({}),
  externalUrl: varchar('external_url', { length: 200 }),
  externalId: varchar('external_id', { length: 255 }),
  isDeleted: boolean('is_deleted').notNull().default(false),
  source: varchar('source', { length: 50 }).notNull().default('website'),
  phoneStatus: phoneStatus('phone_status').notNull().default('UNKNOWN'),
  // When the contact asked for no more marketing messages (a keyword, or set by a member); null: not opted out.
  optedOutOn: timestamp('opted_out_on', { withTimezone: true }),
  contactImportId: uuid('contact_import'),
  lastConversationId: uuid('last_conversation'),
  createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  lastUpdatedOn: timestamp('last_updated_on', { withTimezone: true }).notNull().defaultNow(),
  // Lower-cased, accent-stripped phone digits, names, email and URL: the search key (contactSearch).
  searchText: text('search_text').notNull().default(''),
}, (t) => [
  uniqueIndex('contacts_account_phone_key').on(t.accountId, t.canonicalPhone),
  // Ascending on purpose: scanned backward, it serves ORDER BY created_on DESC, id DESC (drizzle's
  // .desc() would write DESC NULLS LAST, which that ORDER BY cannot use).
  index('contacts_account_list_idx').on(t.accountId, t.createdOn, t.id).where(sql`NOT ${t.isDeleted}`),
]);

/**
 * The contacts' search key with what a search filters and orders by, kept by triggers on
 * `contacts` (migration 0024) whoever writes it. A search that matches thousands of contacts
 * reads each match's row to check it and to count it; these narrow rows take a quarter of the
 * pages the contacts' own rows would.
 */
export const contactSearch = pgTable('contact_search', {
  contactId: uuid('contact_id').primaryKey().references(() => contacts.id, { onDelete: 'cascade' }),
  accountId: integer('account_id').notNull(),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
  isDeleted: boolean('is_deleted').notNull(),
  searchText: text('search_text').notNull(),
}, (t) => [
  index('contact_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
]);

export const contactNotes = pgTable('contact_notes', {
  id: serial('id').primaryKey(),
  contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
  notes: text('notes').notNull(),
  createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('contact_notes_contact_idx').on(t.contactId, t.id)]);

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('tags_account_name_key').on(t.accountId, t.name),
  // Names are found whatever their case (lib/tags/service.ts, the tag filters).
  index('tags_account_lower_name_idx').on(t.accountId, sql`lower(${t.name})`),
]);

export const contactTags = pgTable('contact_tags', {
  contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
  tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index('contact_tags_tag_idx').on(t.tagId)]);

export const contactDefaultAssignees = pgTable('contact_default_assignees', {
  contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.contactId, t.userId] }), index('contact_default_assignees_user_idx').on(t.userId)]);

// One CSV upload: its id is the API's `upload_group_id`.
export const contactImports = pgTable('contact_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  status: contactImportStatus('status').notNull().default('PENDING'),
  byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
  processedBytes: bigint('processed_bytes', { mode: 'number' }).notNull().default(0),
  totalRows: integer('total_rows').notNull().default(0),
  createdCount: integer('created_count').notNull().default(0),
  updatedCount: integer('updated_count').notNull().default(0),
  // Rows whose contact already held everything they give: nothing written, nothing announced.
  unchangedCount: integer('unchanged_count').notNull().default(0),
  rejectedCount: integer('rejected_count').notNull().default(0),
  error: text('error'),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  startedOn: timestamp('started_on', { withTimezone: true }),
  /** Moved by every committed batch: an import PROCESSING without news for a while lost its worker. */
  heartbeatOn: timestamp('heartbeat_on', { withTimezone: true }),
  finishedOn: timestamp('finished_on', { withTimezone: true }),
  /** The file's header names in its order, for the rejected rows' download (their `row` is jsonb, unordered). */
  columns: jsonb('columns').$type<string[]>(),
}, (t) => [
  index('contact_imports_account_idx').on(t.accountId, t.createdOn),
  index('contact_imports_processing_idx').on(t.heartbeatOn).where(sql`${t.status} = 'PROCESSING'`),
]);

// The uploaded file, streamed into the database in chunks so any worker process can read it.
export const contactImportChunks = pgTable('contact_import_chunks', {
  importId: uuid('import_id').notNull().references(() => contactImports.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  data: bytea('data').notNull(),
}, (t) => [primaryKey({ columns: [t.importId, t.seq] })]);

export const contactImportErrors = pgTable('contact_import_errors', {
  id: serial('id').primaryKey(),
  importId: uuid('import_id').notNull().references(() => contactImports.id, { onDelete: 'cascade' }),
  line: integer('line').notNull(),
  reason: text('reason').notNull(),
  row: jsonb('row').$type<Record<string, string>>().notNull().default({}),
}, (t) => [index('contact_import_errors_import_idx').on(t.importId, t.line)]);
