import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { contactImports, contacts } from './contacts';
import {
  flowAnswerType, flowContactListSource, flowEndAction, flowExecuteFor, flowExecutionContactStatus, flowExecutionStatus,
  flowExecutionType, flowInboundTrigger, flowStepType,
} from './enums';

export const flows = pgTable('flows', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 200 }).notNull(),
  createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  isActive: boolean('is_active').notNull().default(true),
  flowEndAction: flowEndAction('flow_end_action').notNull().default('NONE'),
  flowWebhookRetries: smallint('flow_webhook_retries').notNull().default(0),
  executionType: flowExecutionType('execution_type').notNull().default('OUTBOUND'),
  flowExecutionVariables: text('flow_execution_variables').array().notNull().default(sql`'{}'::text[]`),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('flows_account_idx').on(t.accountId, t.createdOn)]);

export const flowSteps = pgTable('flow_steps', {
  id: serial('id').primaryKey(),
  flowId: uuid('flow_id').notNull().references(() => flows.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 200 }).notNull().default(''),
  stepType: flowStepType('step_type').notNull(),
  orderingIdx: smallint('ordering_idx').notNull(),
  nextStepDefaultIdx: smallint('next_step_default_idx'),
  nextStepAlternateIdx: smallint('next_step_alternate_idx'),
  nextStepsForOptionsIdx: integer('next_steps_for_options_idx').array().notNull().default(sql`'{}'::int[]`),
  answerType: flowAnswerType('answer_type').notNull().default('NONE'),
  body: text('body').notNull().default(''),
  answerOptions: text('answer_options').array().notNull().default(sql`'{}'::text[]`),
  // A step's many settings (validation messages, ranges, rendering, delays, HTTP action
  // request, waits, time windows…) vary by step type; they live here, validated by the flow service.
  settings: jsonb('settings').notNull().default({}),
}, (t) => [uniqueIndex('flow_steps_flow_ordering_key').on(t.flowId, t.orderingIdx)]);

export const flowExecutions = pgTable('flow_executions', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  flowId: uuid('flow_id').notNull().references(() => flows.id, { onDelete: 'cascade' }),
  status: flowExecutionStatus('status').notNull().default('PENDING'),
  executeFor: flowExecuteFor('execute_for').notNull(),
  executionType: flowExecutionType('execution_type').notNull().default('OUTBOUND'),
  inboundTriggerWith: flowInboundTrigger('inbound_trigger_with').notNull().default('ANY_MESSAGE'),
  inboundStartMessage: text('inbound_start_message'),
  inboundStartMessageMatchExact: boolean('inbound_start_message_match_exact').notNull().default(false),
  contactFilters: jsonb('contact_filters').notNull().default([]),
  hasPriority: boolean('has_priority').notNull().default(false),
  flowExecutionVariables: jsonb('flow_execution_variables').notNull().default({}),
  startOn: timestamp('start_on', { withTimezone: true }),
  createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  pending: integer('pending').notNull().default(0),
  expired: integer('expired').notNull().default(0),
  active: integer('active').notNull().default(0),
  completed: integer('completed').notNull().default(0),
}, (t) => [
  index('flow_executions_account_idx').on(t.accountId, t.createdOn, t.id),
  index('flow_executions_flow_idx').on(t.flowId, t.createdOn),
]);

export const flowExecutionLists = pgTable('flow_execution_lists', {
  id: serial('id').primaryKey(),
  flowExecutionId: uuid('flow_execution_id').notNull().references(() => flowExecutions.id, { onDelete: 'cascade' }),
  source: flowContactListSource('source').notNull(),
  contactImportId: uuid('contact_import_id').references(() => contactImports.id, { onDelete: 'set null' }),
}, (t) => [index('flow_execution_lists_execution_idx').on(t.flowExecutionId)]);

export const flowExecutionContacts = pgTable('flow_execution_contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  flowExecutionId: uuid('flow_execution_id').notNull().references(() => flowExecutions.id, { onDelete: 'cascade' }),
  contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
  listId: integer('list_id').references(() => flowExecutionLists.id, { onDelete: 'set null' }),
  status: flowExecutionContactStatus('status').notNull().default('READY'),
  reason: text('reason').notNull().default(''),
  currentStepId: integer('current_step_id').references(() => flowSteps.id, { onDelete: 'set null' }),
  isActive: boolean('is_active').notNull().default(true),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('flow_execution_contacts_execution_contact_key').on(t.flowExecutionId, t.contactId),
  index('flow_execution_contacts_account_idx').on(t.accountId, t.createdOn, t.id),
  index('flow_execution_contacts_contact_idx').on(t.contactId),
]);

export const flowExecutionContactSteps = pgTable('flow_execution_contact_steps', {
  id: uuid('id').primaryKey().defaultRandom(),
  flowExecutionContactId: uuid('flow_execution_contact_id').notNull()
    .references(() => flowExecutionContacts.id, { onDelete: 'cascade' }),
  stepId: integer('step_id').notNull().references(() => flowSteps.id, { onDelete: 'cascade' }),
  lastErrorDetail: text('last_error_detail').notNull().default(''),
  hasError: boolean('has_error').notNull().default(false),
  executionResult: jsonb('execution_result').notNull().default({}),
  requestData: jsonb('request_data').notNull().default({}),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('flow_execution_contact_steps_fec_idx').on(t.flowExecutionContactId, t.createdOn)]);
