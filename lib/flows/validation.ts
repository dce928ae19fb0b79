import { z } from 'zod';
import {
  flowActionMethods, flowAnswerOptionsRenders, flowAnswerTypes, flowConditionComparisons, flowEndActions, flowExecuteFors,
  flowDelayTypes, flowExecutionContactStatuses, flowExecutionStatuses, flowExecutionTypes, flowInboundTriggers, flowStepTypes, flowWaitUnits,
} from '@/db/schema/enum-values';
import { boolish, dateTime, filterChoice, integer, pkInt, queryFlag } from '@/lib/validation/fields';
import { contactUpsertSchema } from '@/lib/contacts/validation';

// Request schemas of flows and their executions, shared by the API, the dashboard and the
// OpenAPI document. A flow's steps are checked one by one by steps-check.ts, so that errors name
// each step by its index in the list.

export type StepType = (typeof flowStepTypes)[number];
export const FLOW_STATUSES = ['DRAFT', 'PUBLISHED'] as const;

/** The builder's node positions by `ordering_idx`. */
export const layoutSchema = z.record(z.string().regex(/^\d+$/, 'Keys are ordering_idx values.'),
  z.object({ x: z.number().min(-1e6).max(1e6), y: z.number().min(-1e6).max(1e6) })).optional().transform((v) => v ?? {});
export type Layout = z.output<typeof layoutSchema>;
export type AnswerType = (typeof flowAnswerTypes)[number];

const idx = integer({ min: 0, max: 32767 }).nullable();
const text = (max: number) => z.string().max(max);
const stringMap = z.record(z.string().max(200), z.string().max(4000));
// An HTTP header's name is a token (RFC 9110): anything else could not be sent.
const headerName = z.string().max(200).regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/,
  { error: (issue) => `"${String(issue.input)}" is not a valid header name: use letters, digits and - (no spaces).` });
// A line break in a value would end the header and start another the caller wrote (header injection).
const headerValue = z.string().max(4000).regex(/^[^\r\n]*$/, 'Header values cannot contain line breaks.');
const headerMap = z.record(headerName, headerValue);
/** A dotted path into a JSON item (`when.label`), or nothing. */
const itemPath = z.string().trim().max(200).regex(/^([A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)?$/, 'A field name, or a dotted path such as when.label.');
// 24:00 closes a window at the end of its day.
const HH_MM = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const TIME_MESSAGE = 'Enter a time of day as HH:MM (00:00 to 24:00).';

export const conditionSchema = z.object({
  field: z.string().trim().min(1).max(200),
  comparison: z.enum(flowConditionComparisons),
  value: z.preprocess((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v ?? ''), z.string().max(1000)),
});

export const DELAY_TYPES = flowDelayTypes;
export const BODY_TYPES = ['text', 'image', 'audio', 'video', 'document'] as const;
export const TAG_MODES = ['APPEND', 'REPLACE'] as const;
/** Contact fields a CONTACT_UPDATE step may set (besides `meta.<key>`). */
export const UPDATABLE_CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'external_id', 'external_url'] as const;

/** One step as the API takes it; every field but `step_type` and `ordering_idx` is optional. */
export const stepSchema = z.object({
  name: text(200).default(''),
  step_type: z.enum(flowStepTypes),
  ordering_idx: integer({ min: 0, max: 32767 }),
  next_step_default_idx: idx.default(null),
  next_step_alternate_idx: idx.default(null),
  next_steps_for_options_idx: z.array(integer({ min: 0, max: 32767 })).max(10).default([]),
  answer_failed_next_step_idx: idx.default(null),
  conditions: z.array(conditionSchema).max(20).default([]),
  body: text(4096).default(''),
  body_type: z.enum(BODY_TYPES).default('text'),
  body_file_url: z.string().max(2000).default(''),
  answer_type: z.enum(flowAnswerTypes).default('ANY'),
  answer_validation_message: text(1000).default(''),
  answer_instructions: text(1000).default(''),
  answer_options: z.array(z.string().trim().min(1).max(200)).max(10).default([]),
  answer_phone_default_country: z.string().regex(/^[A-Z]{2}$/, 'Enter a two-letter country code.').nullable().default(null),
  answer_allow_decimals: boolish.default(false),
  answer_has_range: boolish.default(false),
  answer_range_min: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(40)).default(''),
  answer_range_max: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(40)).default(''),
  answer_options_render: z.enum(flowAnswerOptionsRenders).default('NUMBERS'),
  answer_options_render_list_button_title: text(20).default(''),
  answer_options_render_list_section_title: text(24).default(''),
  has_options_from_variable: boolish.default(false),
  // `{{step.lookup.items}}`, or the name alone: stored as the reference, as the builder writes it.
  options_from_variable: z.string().trim().max(200).default('').transform((v) => (v && !v.startsWith('{{') ? `{{${v}}}` : v)),
  option_from_variable_title: itemPath.default(''),
  option_from_variable_value: itemPath.default(''),
  missing_options_message: text(1000).default(''),
  max_answer_attempts: integer({ min: 1, max: 10 }).default(3),
  delay_type: z.enum(DELAY_TYPES).nullable().default(null),
  delay_amount: integer({ min: 0, max: 32767 }).default(0),
  delay_unit: z.enum(flowWaitUnits).default('MINUTE'),
  delay_until: dateTime().nullable().default(null),
  action_request_method: z.enum(flowActionMethods).default('GET'),
  action_request_url: z.string().max(2000).default(''),
  action_request_headers: headerMap.optional().transform((v) => v ?? {}),
  action_request_params: stringMap.optional().transform((v) => v ?? {}),
  action_request_body: text(20_000).default(''),
  /** The builder's trial of the request (POST /api/flow/action-test), whose answer it offers as variables. */
  action_test_response_data: z.uuid().nullable().default(null),
  chat_template: z.uuid().nullable().default(null),
  template_variables: z.array(z.string().max(1024)).max(20).default([]),
  assign_to_users: z.array(pkInt).max(50).default([]),
  // CONVERSATION: a team of the account to hand the conversation to (its strategy picks the member
  // unless assign_to_users names people).
  assign_to_team: pkInt.nullable().default(null),
  contact_tags: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  conversation_tags: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  tags_mode: z.enum(TAG_MODES).default('APPEND'),
  contact_update_fields: z.record(z.string().max(120), z.string().max(1000)).optional().transform((v) => v ?? {}),
  trigger_flow: z.uuid().nullable().default(null),
  has_max_wait_time: boolish.default(false),
  max_wait_time_amount: integer({ min: 0, max: 32767 }).default(0),
  max_wait_time_unit: z.enum(flowWaitUnits).default('MINUTE'),
  set_time_window: boolish.default(false),
  time_windows: z.array(z.object({
    day: integer({ min: 0, max: 6 }), open_at: z.string().regex(HH_MM, TIME_MESSAGE), close_at: z.string().regex(HH_MM, TIME_MESSAGE),
  })).max(14).default([]),
});
export type StepInput = z.output<typeof stepSchema>;
const VARIABLE_NAME = /^(\{\{\s*)?(contact|step|flow_execution_variables)(\.(?!__proto__\b|constructor\b|prototype\b)[A-Za-z0-9_-]+)+(\s*\}\})?$/;

/** An ACTION's request to try from the builder, with values for the variables it uses (by name, `contact.first_name`). */
export const actionTestBody = stepSchema.pick({
  action_request_method: true, action_request_url: true, action_request_headers: true, action_request_params: true, action_request_body: true,
}).extend({
  action_request_url: z.string().trim().min(1).max(2000),
  // Keys name variables (`contact.first_name`, `{{step.lookup.id}}`): nothing else, so they are safe object keys.
  test_values: z.record(z.string().max(200).regex(VARIABLE_NAME, 'Name a variable: contact.<field>, step.<name>… or flow_execution_variables.<name>.'),
    z.string().max(4000)).optional().transform((v) => v ?? {}),
});
export type ActionTestBody = z.output<typeof actionTestBody>;

/** Everything of a step but what has its own column. */
export type StepSettings = Omit<StepInput, 'name' | 'step_type' | 'ordering_idx'>;

const flowFields = {
  name: z.string().trim().min(1).max(200),
  is_active: boolish.default(true),
  flow_end_action: z.enum(flowEndActions).default('NONE'),
  flow_end_webhook_url: z.string().max(2000).default(''),
  flow_webhook_retries: integer({ min: 0, max: 10 }).default(0),
  execution_type: z.enum(flowExecutionTypes).default('OUTBOUND'),
  flow_execution_variables: z.array(z.string().trim().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Use letters, digits and _ only.').max(100)).max(50).default([]),
  channel: pkInt.nullable().default(null),
  inbound_trigger_with: z.enum(flowInboundTriggers).nullable().default(null),
  inbound_start_message: z.string().max(1000).default(''),
  // Steps are checked one by one (steps-check.ts) so that errors name each by its index.
  steps: z.array(z.unknown()).min(1, 'A flow needs at least one step.').max(200),
  /** DRAFT saves the body as the flow's draft (checked only when published); else the steps are published. */
  status: z.enum(FLOW_STATUSES).optional(),
  layout: layoutSchema,
};

/** The create (and replace) body. */
export const flowBody = z.object(flowFields);
export type FlowBody = z.output<typeof flowBody>;

/**
 * The partial update: only what is sent changes (merged over the flow as it is, then checked as a
 * whole); `steps`, when sent, replace the steps and publish a new version.
 */
export const flowPatchBody = z.object(Object.fromEntries(Object.keys(flowFields).map((k) => [k, z.unknown().optional()])) as {
  [K in keyof typeof flowFields]: z.ZodOptional<z.ZodUnknown>
});
export type FlowPatch = z.output<typeof flowPatchBody>;

/**
 * A draft as the builder saves it: the flow's fields with loose steps (any object), since a draft
 * in progress may not be valid yet; everything is checked when it is published.
 */
export const flowDraftBody = z.object({
  ...flowFields,
  name: z.string().trim().max(200).default(''),
  steps: z.array(z.record(z.string(), z.unknown())).max(200).default([]),
  status: z.unknown().optional().transform(() => undefined),
  layout: layoutSchema,
});
export type FlowDraft = z.output<typeof flowDraftBody>;

/** The documented form of the whole body, for the OpenAPI document. */
export const flowDocBody = flowBody.extend({ steps: z.array(stepSchema).min(1) });

export const flowListQuery = z.object({
  search: z.string().max(200).optional(),
  execution_type: z.enum(flowExecutionTypes).optional(),
});
export type FlowListQuery = z.output<typeof flowListQuery>;

// Executions.

// Each entry is upserted as `POST /api/contact` upserts (lib/contacts/validation.ts): the same
// fields, the same merge rules and overwrite flags; all but `is_deleted`, since the run is for it.
const contactListEntry = contactUpsertSchema.omit({ is_deleted: true }).extend({
  phone: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().min(1).max(64)),
  // Stored only when sent: an execution keeps its list.
  overwrite_meta: boolish.optional(),
  overwrite_tags: boolish.optional(),
  overwrite_default_assignees: boolish.optional(),
});
export type ContactListEntry = z.output<typeof contactListEntry>;

export const MAX_LIST_CONTACTS = 10_000;

const contactListSchema = z.object({
  source: z.enum(['LIST', 'FILE']).default('LIST'),
  contact_file: z.object({ upload_group_id: z.uuid() }).nullable().optional(),
  contact_list: z.array(contactListEntry).max(MAX_LIST_CONTACTS).default([]),
});

export const FILTER_FIELDS_HINT = 'A contact field (first_name, last_name, email, phone, external_id, source), `meta.<key>` or `tags`.';

const executionFields = {
  execute_for: z.enum(flowExecuteFors),
  // Left out, an inbound execution listens as its flow says (executions.ts, withFlowTrigger).
  inbound_trigger_with: z.enum(flowInboundTriggers).optional()
    .meta({ description: 'What starts the flow for a contact (INBOUND flows). Left out: the flow\'s own `inbound_trigger_with`.' }),
  inbound_start_message: z.string().max(1000).nullable().optional()
    .meta({ description: 'With TEXT: the text that starts it. Left out (with `inbound_trigger_with` left out too): the flow\'s own.' }),
  inbound_start_message_match_exact: boolish.default(false),
  contact_filters: z.array(conditionSchema).max(20).default([]),
  contact_lists: z.array(contactListSchema).max(10).default([]),
  has_priority: boolish.default(false),
  flow_execution_variables: z.record(z.string().max(100), z.preprocess((v) => (v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)), z.string().max(10_000))).optional().transform((v) => v ?? {}),
  start_on: dateTime().nullable().default(null),
};

/** Create (13) and update (11). */
export const executionBody = z.object(executionFields);
export type ExecutionBody = z.output<typeof executionBody>;

/** Partial update (12). */
export const executionPatchBody = z.object({
  execute_for: executionFields.execute_for.optional(),
  inbound_trigger_with: z.enum(flowInboundTriggers).optional(),
  inbound_start_message: z.string().max(1000).nullable().optional(),
  inbound_start_message_match_exact: boolish.optional(),
  contact_filters: z.array(conditionSchema).max(20).optional(),
  contact_lists: z.array(contactListSchema).max(10).optional(),
  has_priority: boolish.optional(),
  flow_execution_variables: z.record(z.string().max(100), z.preprocess((v) => (v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)), z.string().max(10_000))).optional(),
  start_on: dateTime().nullable().optional(),
});
export type ExecutionPatch = z.output<typeof executionPatchBody>;

export const EXECUTION_BODY_LIMIT = 8 * 1024 * 1024;

export const executionListQuery = z.object({
  flow: z.uuid().optional(),
  search: z.string().max(200).optional(),
  status: filterChoice(flowExecutionStatuses),
  execution_type: filterChoice(flowExecutionTypes),
});

export type ExecutionListQuery = z.output<typeof executionListQuery>;

export const executionContactListQuery = z.object({
  contact: z.uuid().optional(),
  flow_execution: z.uuid().optional(),
  flow_execution__flow: z.uuid().optional(),
  is_active: queryFlag,
  status: filterChoice(flowExecutionContactStatuses),
  search: z.string().max(200).optional(),
});
export type ExecutionContactListQuery = z.output<typeof executionContactListQuery>;

/** How many contacts some filters match (the run form's live count). */
export const matchingContactsBody = z.object({ contact_filters: z.array(conditionSchema).min(1).max(20) });
export type MatchingContactsBody = z.output<typeof matchingContactsBody>;

/** Try a flow on the sandbox phone: the number that plays the contact, and the execution's variables. */
export const trySandboxBody = z.object({
  phone: z.string().trim().min(1).max(64),
  flow_execution_variables: executionFields.flow_execution_variables,
});
export type TrySandboxBody = z.output<typeof trySandboxBody>;
