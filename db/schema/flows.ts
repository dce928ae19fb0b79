import { sql } from 'drizzle-orm';
import {
  bigint, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { channels } from './channels';
import { contacts } from './contacts';
import {
  flowEndAction, flowExecuteFor, flowExecutionContactStatus, flowExecutionStatus, flowExecutionStepStatus, flowExecutionType,
  flowInboundTrigger, flowStepType,
} from './enums';

/** A new end-webhook signing key: 32 random bytes (two UUIDs hashed), `whsec_` + base64. */
export const newFlowSecret = sql`('whsec_' || encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'base64'))`;

export const flows = pgTable('flows', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 200 }).notNull(),
  createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  isActive: boolean('is_active').notNull().default(true),
  flowEndAction: flowEndAction('flow_end_action').notNull().default('NONE'),
  /** Where `flow_end_action` WEBHOOK posts a contact's answers. */
  flowEndWebhookUrl: text('flow_end_webhook_url').notNull().default(''),
  flowWebhookRetries: smallint('flow_webhook_retries').notNull().default(0),
  /** Signs the end-action posts as subscriptions' secrets sign deliveries (32 random bytes, `whsec_` + base64). */
  flowEndWebhookSecret: text('flow_end_webhook_secret').notNull().default(newFlowSecret),
  executionType: flowExecutionType('execution_type').notNull().default('OUTBOUND'),
  flowExecutionVariables: text('flow_execution_variables').array().notNull().default(sql`'{}'::text[]`),
  /** The channel its messages go out on; null: the contact's conversation's, else the account's first. */
  channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
  /** The published version: every publish adds one; 0 while a flow created as a draft was never published. */
  version: integer('version').notNull().default(1),
  /** DRAFT while `draft` holds edits not published yet, else PUBLISHED. */
  status: varchar('status', { length: 16 }).notNull().default('PUBLISHED'),
  /** The builder's working copy: the flow's body (steps and `layout`) as last saved, checked only when published. */
  draft: jsonb('draft'),
  draftUpdatedOn: timestamp('draft_updated_on', { withTimezone: true }),
  /** What starts an INBOUND flow; null: not chosen yet (publishing is refused). */
  inboundTriggerWith: flowInboundTrigger('inbound_trigger_with'),
  inboundStartMessage: text('inbound_start_message').notNull().default(''),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('flows_account_idx').on(t.accountId, t.createdOn, t.id)]);

/** A published snapshot of a flow's steps: an execution runs the version it started with. */
export const flowVersions = pgTable('flow_versions', {
  id: serial('id').primaryKey(),
  flowId: uuid('flow_id').notNull().references(() => flows.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  publishedById: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  /** The builder's node positions by `ordering_idx`: `{"0": {"x": 0, "y": 0}}`. */
  layout: jsonb('layout').notNull().default({}),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('flow_versions_flow_version_key').on(t.flowId, t.version)]);

export const flowSteps = pgTable('flow_steps', {
  id: serial('id').primaryKey(),
  flowId: uuid('flow_id').notNull().references(() => flows.id, { onDelete: 'cascade' }),
  versionId: integer('version_id').notNull().references(() => flowVersions.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 200 }).notNull().default(''),
  stepType: flowStepType('step_type').notNull(),
  orderingIdx: smallint('ordering_idx').notNull(),
  // Every other field of the step (links, body, answer checks, options, delays, the HTTP
  // action, waits, tags…) varies by step type; validated by lib/flows/validation.ts.
  settings: jsonb('settings').notNull().default({}),
}, (t) => [uniqueIndex('flow_steps_version_ordering_key').on(t.versionId, t.orderingIdx)]);

export const flowExecutions = pgTable('flow_executions', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  flowId: uuid('flow_id').notNull().references(() => flows.id, { onDelete: 'cascade' }),
  versionId: integer('version_id').notNull().references(() => flowVersions.id, { onDelete: 'cascade' }),
  status: flowExecutionStatus('status').notNull().default('PROCESSING'),
  statusReason: text('status_reason').notNull().default(''),
  executeFor: flowExecuteFor('execute_for').notNull(),
  executionType: flowExecutionType('execution_type').notNull().default('OUTBOUND'),
  /** Sends on this channel instead of the flow's (a try on the sandbox phone); null: the flow's choice. */
  channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
  inboundTriggerWith: flowInboundTrigger('inbound_trigger_with').notNull().default('ANY_MESSAGE'),
  inboundStartMessage: text('inbound_start_message'),
  inboundStartMessageMatchExact: boolean('inbound_start_message_match_exact').notNull().default(false),
  contactFilters: jsonb('contact_filters').notNull().default([]),
  /** The request's `contact_lists`, as given (contacts are upserted when the execution starts). */
  contactLists: jsonb('contact_lists').notNull().default([]),
  hasPriority: boolean('has_priority').notNull().default(false),
  flowExecutionVariables: jsonb('flow_execution_variables').notNull().default({}),
  startOn: timestamp('start_on', { withTimezone: true }),
  createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  startedOn: timestamp('started_on', { withTimezone: true }),
  completedOn: timestamp('completed_on', { withTimezone: true }),
  // Contacts by status, kept with every change of a contact's status.
  pending: integer('pending').notNull().default(0),
  active: integer('active').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  expired: integer('expired').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  canceled: integer('canceled').notNull().default(0),
}, (t) => [
  index('flow_executions_account_idx').on(t.accountId, t.createdOn, t.id),
  index('flow_executions_flow_idx').on(t.flowId, t.createdOn),
]);

export const flowExecutionContacts = pgTable('flow_execution_contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  flowExecutionId: uuid('flow_execution_id').notNull().references(() => flowExecutions.id, { onDelete: 'cascade' }),
  contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
  status: flowExecutionContactStatus('status').notNull().default('READY'),
  reason: text('reason').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  /** The step to run next, or the one waiting (null once finished). */
  currentStepIdx: smallint('current_step_idx'),
  /** What the contact waits for: '' (nothing), ANSWER, DELAY. */
  waiting: varchar('waiting', { length: 16 }).notNull().default(''),
  waitingSince: timestamp('waiting_since', { withTimezone: true }),
  /** When the wait ends: a DELAY's end, a QUESTION's timeout or expiry. */
  waitUntil: timestamp('wait_until', { withTimezone: true }),
  attempts: smallint('attempts').notNull().default(0),
  /** Answers and ACTION results by step name. */
  variables: jsonb('variables').notNull().default({}),
  /**
   * The contact's messages are the flow's inbox: those after this one (messages.seq) are not seen
   * by a step yet (a reply during a DELAY waits for the next QUESTION).
   */
  seenMessageSeq: bigint('seen_message_seq', { mode: 'number' }).notNull().default(0),
  /** Executed steps so far: the next one's number, unique per contact, so a step never runs twice. */
  stepSeq: integer('step_seq').notNull().default(0),
  /**
   * Flows this contact went through to get here without waiting for anything: 0 when started
   * directly, one more than the triggering contact's for a TRIGGER_FLOW step in a run that never
   * waited (engine/run.ts fails a chain that goes on for ever).
   */
  triggerChain: smallint('trigger_chain').notNull().default(0),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
  completedOn: timestamp('completed_on', { withTimezone: true }),
}, (t) => [
  uniqueIndex('flow_execution_contacts_execution_contact_key').on(t.flowExecutionId, t.contactId),
  index('flow_execution_contacts_account_idx').on(t.accountId, t.createdOn, t.id),
  index('flow_execution_contacts_execution_idx').on(t.flowExecutionId, t.status),
  index('flow_execution_contacts_active_contact_idx').on(t.contactId).where(sql`is_active`),
  index('flow_execution_contacts_wait_idx').on(t.waitUntil).where(sql`is_active and wait_until is not null`),
]);

export const flowExecutionContactSteps = pgTable('flow_execution_contact_steps', {
  id: uuid('id').primaryKey().defaultRandom(),
  flowExecutionContactId: uuid('flow_execution_contact_id').notNull()
    .references(() => flowExecutionContacts.id, { onDelete: 'cascade' }),
  stepId: integer('step_id').notNull().references(() => flowSteps.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  status: flowExecutionStepStatus('status').notNull().default('RUNNING'),
  lastErrorDetail: text('last_error_detail').notNull().default(''),
  hasError: boolean('has_error').notNull().default(false),
  executionResult: jsonb('execution_result').notNull().default({}),
  requestData: jsonb('request_data').notNull().default({}),
  messageIds: uuid('message_ids').array().notNull().default(sql`'{}'::uuid[]`),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('flow_execution_contact_steps_seq_key').on(t.flowExecutionContactId, t.seq)]);

/**
 * An ACTION's request tried from the builder, its answer kept so that the builder can offer the
 * paths inside it as variables (a step's `action_test_response_data` names one).
 */
export const flowActionTests = pgTable('flow_action_tests', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  request: jsonb('request').notNull(),
  status: integer('status'),
  response: jsonb('response'),
  error: text('error'),
  durationMs: integer('duration_ms').notNull().default(0),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('flow_action_tests_account_idx').on(t.accountId, t.createdOn)]);
