import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, boolean, char, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, time, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { accountStatus, memberRole, teamAssignmentStrategy } from './enums';

export type WorkingHours = { day: number; is_open: boolean; open_at: string; close_at: string }[];

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  status: accountStatus('status').notNull().default('NEW'),
  defaultTimezone: varchar('default_timezone', { length: 64 }).notNull().default('UTC'),
  country: char('country', { length: 2 }).notNull().default('US'),
  hasWorkingHours: boolean('has_working_hours').notNull().default(false),
  workingHours: jsonb('working_hours').$type<WorkingHours>().notNull().default([]),
  afterHoursResponse: text('after_hours_response').notNull().default(''),
  timerAfterHoursResponse: time('timer_after_hours_response'),
  // A message that is exactly one of these words opts its contact out of (or back into) marketing messages.
  optOutKeywords: text('opt_out_keywords').array().notNull().default(sql`'{STOP,UNSUBSCRIBE}'::text[]`),
  optInKeywords: text('opt_in_keywords').array().notNull().default(sql`'{START,SUBSCRIBE}'::text[]`),
  optOutResponse: text('opt_out_response').notNull()
    .default('You will receive no more marketing messages from us. Reply START to receive them again.'),
  optInResponse: text('opt_in_response').notNull().default('You will receive our marketing messages again. Reply STOP to stop them.'),
  inboxAddNameBeforeMessage: boolean('inbox_add_name_before_message').notNull().default(false),
  measureCsat: boolean('measure_customer_satisfaction_per_conversation').notNull().default(false),
  measureCsatData: jsonb('measure_customer_satisfaction_per_conversation_data').notNull().default({}),
  shouldAutocloseConversations: boolean('should_autoclose_conversations').notNull().default(false),
  autocloseConversationsAfter: smallint('autoclose_conversations_after'),
  autocloseMeasureCsat: smallint('autoclose_measure_customer_satisfaction_per_conversation'),
  archiveConversationsWhenClosed: boolean('archive_conversations_when_closed').notNull().default(false),
  agentsCanSeeAllConversations: boolean('agents_can_see_all_conversations').notNull().default(true),
  sandboxNumber: varchar('sandbox_number', { length: 32 }),
  generatedCode: varchar('generated_code', { length: 32 }),
  featureFlags: text('feature_flags').array().notNull().default(sql`'{}'::text[]`),
  contactAvailableVariables: text('contact_available_variables').array().notNull().default(sql`'{}'::text[]`),
  // The team new inbound conversations go to when the contact has no default assignees.
  defaultTeamId: integer('default_team_id').references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
});

// A user is an account member: every user belongs to exactly one `account`.
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  email: varchar('email', { length: 254 }).notNull(),
  firstName: varchar('first_name', { length: 150 }).notNull().default(''),
  lastName: varchar('last_name', { length: 150 }).notNull().default(''),
  role: memberRole('role').notNull().default('AGENT'),
  passwordHash: text('password_hash'),
  profileImage: varchar('profile_image', { length: 500 }),
  isActive: boolean('is_active').notNull().default(true),
  // A dashboard session carries the epoch it began in; raising it ends every session of the user.
  sessionEpoch: integer('session_epoch').notNull().default(0),
  notifyWhenMsgComesInAfterHours: boolean('notify_when_msg_comes_in_after_hours').notNull().default(false),
  inboxContactInfoFields: jsonb('inbox_contact_info_fields').notNull().default({}),
  dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  index('users_account_idx').on(t.accountId, t.id),
]);

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 150 }).notNull(),
}, (t) => [uniqueIndex('groups_account_name_key').on(t.accountId, t.name)]);

export const userGroups = pgTable('user_groups', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.groupId] })]);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 150 }).notNull(),
  assignmentStrategy: teamAssignmentStrategy('assignment_strategy').notNull().default('MANUAL'),
  // Round-robin's cursor: the member who got the team's last conversation.
  lastAssignedUserId: integer('last_assigned_user_id'),
}, (t) => [uniqueIndex('teams_account_name_key').on(t.accountId, t.name)]);

export const teamMembers = pgTable('team_members', {
  teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)]);

export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  // The member the key acts as.
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  name: varchar('name', { length: 100 }).notNull(),
  prefix: varchar('prefix', { length: 16 }).notNull(),
  // SHA-256 of the whole key: keys are 256-bit random, so a fast hash is safe and keeps auth cheap.
  keyHash: char('key_hash', { length: 64 }).notNull(),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  lastUsedOn: timestamp('last_used_on', { withTimezone: true }),
  revokedOn: timestamp('revoked_on', { withTimezone: true }),
}, (t) => [
  uniqueIndex('api_keys_hash_key').on(t.keyHash),
  index('api_keys_account_idx').on(t.accountId, t.createdOn),
]);

// The account's number of (not deleted) contacts, kept incrementally so list counts never scan the
// contacts. Spread over a few rows per account: a single counter row would make every contact
// creation in the account wait for the previous one's transaction to commit.
export const CONTACT_COUNT_SHARDS = 16;
export const accountContactCounts = pgTable('account_contact_counts', {
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  shard: smallint('shard').notNull(),
  count: integer('count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.accountId, t.shard] })]);

// Requests each member made in the current throttling window (lib/api/throttle.ts), one row per
// member. Unlogged (see its migration): a crash forgets the counts, which only resets the windows.
// No foreign key: the first count of a member would lock its user row, and the row of a deleted
// member is harmless (user ids are never reused).
export const apiRequestCounts = pgTable('api_request_counts', {
  userId: integer('user_id').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  periodSeconds: integer('period_seconds').notNull(),
  count: integer('count').notNull(),
});

// Dashboard sign-in attempts per email since the first one of the current window
// (lib/auth/sign-in-attempts.ts); a successful sign-in deletes the row. Unlogged, as above.
export const signInAttempts = pgTable('sign_in_attempts', {
  email: varchar('email', { length: 320 }).primaryKey(),
  firstAttemptOn: timestamp('first_attempt_on', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

// Invitation and password-reset links: the token is shown once, only its SHA-256 is stored.
export const memberLinks = pgTable('member_links', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: varchar('purpose', { length: 16 }).$type<'INVITE' | 'RESET'>().notNull(),
  tokenHash: char('token_hash', { length: 64 }).notNull(),
  expiresOn: timestamp('expires_on', { withTimezone: true }).notNull(),
  usedOn: timestamp('used_on', { withTimezone: true }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('member_links_token_key').on(t.tokenHash), index('member_links_user_idx').on(t.userId)]);
