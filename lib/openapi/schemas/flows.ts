import { z } from 'zod';
import {
  flowActionMethods, flowAnswerOptionsRenders, flowAnswerTypes, flowConditionComparisons, flowEndActions, flowExecuteFors,
  flowExecutionContactStatuses, flowExecutionStatuses, flowExecutionStepStatuses, flowExecutionTypes, flowInboundTriggers,
  flowDelayTypes, flowStepTypes, flowWaitUnits,
} from '@/db/schema/enum-values';
import { dateTime, id, ShortUser, uuid } from './common';
import { Contact } from './contacts';
import { Message } from './messaging';
import { named } from './named';

// Flows, their steps, executions and execution contacts: lib/flows/serializer.ts returns them.

const counter = (description: string) => z.int().nonnegative().meta({ description });
const idx = () => z.int().min(0).nullable();

export const FlowCondition = named('FlowCondition', z.object({
  id: uuid().meta({ description: 'Read only.' }),
  field: z.string().meta({ description: 'A variable name (`contact.first_name`, `step.age`, `flow_execution_variables.x`) or, in contact filters, a contact field, `meta.<key>` or `tags`.' }),
  comparison: z.enum(flowConditionComparisons),
  value: z.string(),
}));

export const FlowStep = named('FlowStep', z.object({
  id: id(),
  flow: uuid(),
  name: z.string().meta({ description: 'Unique in the flow; answers and ACTION results are `{{step.<name>}}`.' }),
  step_type: z.enum(flowStepTypes),
  ordering_idx: z.int().min(0).meta({ description: 'The first step has 0; links name steps by it.' }),
  next_step_default_idx: idx(),
  next_step_alternate_idx: idx().meta({ description: 'CONDITIONAL `otherwise`, ACTION failure, QUESTION wait timeout.' }),
  next_steps_for_options_idx: z.array(z.int().min(0)).meta({ description: 'MENU (and SINGLE_OPTION QUESTION): one step per option.' }),
  answer_failed_next_step_idx: idx().meta({ description: 'Where a QUESTION goes after `max_answer_attempts` wrong answers.' }),
  conditions: z.array(FlowCondition),
  body: z.string(),
  body_type: z.enum(['text', 'image', 'audio', 'video', 'document']),
  body_file_url: z.string(),
  answer_type: z.enum(flowAnswerTypes),
  answer_validation_message: z.string(),
  answer_instructions: z.string(),
  answer_options: z.array(z.string()),
  answer_phone_default_country: z.string().nullable(),
  answer_allow_decimals: z.boolean(),
  answer_has_range: z.boolean(),
  answer_range_min: z.string(),
  answer_range_max: z.string(),
  answer_options_render: z.enum(flowAnswerOptionsRenders),
  answer_options_render_list_button_title: z.string(),
  answer_options_render_list_section_title: z.string(),
  has_options_from_variable: z.boolean().meta({ description: 'QUESTION: the options are the items of a list variable, read when the question is asked.' }),
  options_from_variable: z.string().meta({ description: 'The list variable, as `{{step.lookup.items}}`.' }),
  option_from_variable_title: z.string().meta({ description: 'Path in an item to its title (empty: the item itself, when text or a number).' }),
  option_from_variable_value: z.string().meta({ description: 'Path in an item to the answer stored (empty: the whole item).' }),
  missing_options_message: z.string().meta({ description: 'Sent when the list is empty or missing; the step then takes `answer_failed_next_step_idx`.' }),
  max_answer_attempts: z.int().min(1),
  delay_type: z.enum(flowDelayTypes).nullable(),
  delay_amount: z.int().min(0),
  delay_unit: z.enum(flowWaitUnits),
  delay_until: dateTime().nullable(),
  action_request_method: z.enum(flowActionMethods),
  action_request_url: z.string(),
  action_request_headers: z.record(z.string(), z.string()),
  action_request_params: z.record(z.string(), z.string()),
  action_request_body: z.string(),
  action_test_response_data: uuid().nullable().meta({ description: 'ACTION: the builder\'s trial of the request (`POST /api/flow/action-test`), whose answer it offers as variables. Not used when the flow runs.' }),
  chat_template: uuid().nullable(),
  template_variables: z.array(z.string()),
  assign_to_users: z.array(id()),
  assign_to_team: id().nullable().meta({ description: 'CONVERSATION: the team the conversation is handed to (its `team`); its assignment strategy picks the member unless `assign_to_users` names people. Null: the conversation goes to the inbox as it is.' }),
  contact_tags: z.array(z.string()),
  conversation_tags: z.array(z.string()),
  tags_mode: z.enum(['APPEND', 'REPLACE']),
  contact_update_fields: z.record(z.string(), z.string()),
  trigger_flow: uuid().nullable(),
  has_max_wait_time: z.boolean(),
  max_wait_time_amount: z.int().min(0),
  max_wait_time_unit: z.enum(flowWaitUnits),
  set_time_window: z.boolean(),
  time_windows: z.array(z.object({ day: z.int().min(0).max(6), open_at: z.string(), close_at: z.string() })),
}));

export const Flow = named('Flow', z.object({
  id: uuid(),
  name: z.string(),
  created_by: ShortUser.nullable(),
  is_active: z.boolean(),
  flow_end_action: z.enum(flowEndActions),
  flow_end_webhook_url: z.string(),
  flow_webhook_retries: z.int().min(0),
  execution_type: z.enum(flowExecutionTypes),
  flow_execution_variables: z.array(z.string()),
  channel: id().nullable(),
  inbound_trigger_with: z.enum(flowInboundTriggers).nullable().meta({ description: 'What starts an INBOUND flow; publishing one from a draft is refused without it.' }),
  inbound_start_message: z.string(),
  status: z.enum(['DRAFT', 'PUBLISHED']).meta({ description: 'DRAFT while the flow has a draft not published yet (see `/api/flow/{id}/draft`).' }),
  version: z.int().min(0).meta({ description: 'The published version: every publish adds one; 0 for a flow created as a draft and never published.' }),
  created_on: dateTime(),
  updated_on: dateTime(),
  executions: counter('Executions of this flow.'),
  steps: z.array(FlowStep),
}));

export const FlowActionTest = named('FlowActionTest', z.object({
  id: uuid(),
  request: z.object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), body: z.string() })
    .meta({ description: 'The request as sent, its variables filled in from `test_values`.' }),
  status: z.int().nullable().meta({ description: 'The HTTP status answered; null when no answer came (see `error`).' }),
  response: z.unknown().meta({ description: 'The answer: parsed when it is JSON, else its text (at most 64 KiB kept).' }),
  error: z.string().nullable(),
  duration_ms: z.int(),
  created_on: dateTime(),
}));

export const FlowEndWebhookSecret = named('FlowEndWebhookSecret', z.object({
  secret: z.string().meta({ description: 'Signs the posts of `flow_end_action` WEBHOOK (`webhook-signature`, Standard Webhooks, as subscriptions sign): `whsec_` and the base64 key.' }),
}));

const ContactListResponse = named('FlowContactList', z.object({
  source: z.enum(['LIST', 'FILE']),
  contact_file: z.object({ upload_group_id: uuid() }).nullable(),
  list_contacts: z.array(z.object({ contact: z.object({
    phone: z.string(), first_name: z.string().nullable().optional(), last_name: z.string().nullable().optional(),
    email: z.string().nullable().optional(), meta: z.record(z.string(), z.string().nullable()).optional(),
    external_url: z.string().nullable().optional(), external_id: z.string().nullable().optional(), is_deleted: z.boolean().optional(),
    source: z.string().optional(), notes: z.array(z.object({ id: z.int().optional(), notes: z.string() })).optional(),
    tags: z.array(z.string()).optional(), default_assignees: z.array(z.int()).optional(),
    overwrite_meta: z.boolean().optional(), overwrite_tags: z.boolean().optional(), overwrite_default_assignees: z.boolean().optional(),
  }) })).meta({ description: 'The contacts as given in the request (upserted as `POST /api/contact` upserts them when the execution starts).' }),
}));

export const FlowExecution = named('FlowExecution', z.object({
  id: uuid(),
  status: z.enum(flowExecutionStatuses),
  status_reason: z.string(),
  execute_for: z.enum(flowExecuteFors),
  execution_type: z.enum(flowExecutionTypes),
  inbound_trigger_with: z.enum(flowInboundTriggers),
  inbound_start_message: z.string().nullable(),
  inbound_start_message_match_exact: z.boolean(),
  contact_filters: z.array(FlowCondition),
  contact_lists: z.array(ContactListResponse),
  created_by: ShortUser.nullable(),
  flow: Flow,
  version: z.int().meta({ description: 'The version of the flow this execution runs; below zero, a snapshot of the draft tried with `POST /api/flow/{id}/draft/try`.' }),
  created_on: dateTime(),
  started_on: dateTime().nullable(),
  completed_on: dateTime().nullable(),
  pending: counter('Contacts not started yet (READY).'),
  active: counter('Contacts in the flow (RUNNING or PAUSED).'),
  completed: counter('Contacts who reached the end.'),
  expired: counter('Contacts who did not answer in time.'),
  failed: counter('Contacts whose flow failed.'),
  canceled: counter('Contacts stopped or skipped (see each one\'s `reason`).'),
  has_priority: z.boolean(),
  flow_execution_variables: z.record(z.string(), z.string()),
  start_on: dateTime().nullable(),
}));

export const FlowExecutionStep = named('FlowExecutionStep', z.object({
  id: uuid(),
  step: FlowStep,
  status: z.enum(flowExecutionStepStatuses),
  last_error_detail: z.string(),
  has_error: z.boolean(),
  execution_result: z.record(z.string(), z.unknown().meta({ description: 'Any JSON value.' })).meta({ description: 'The answer, the branch taken, the ACTION\'s response…' }),
  request_data: z.record(z.string(), z.unknown().meta({ description: 'Any JSON value.' })).meta({ description: 'An ACTION\'s request as sent.' }),
  messages: z.array(z.object({ message: Message })).meta({ description: 'The messages the step sent, oldest first.' }),
  created_on: dateTime(),
}));

const contactFields = {
  id: uuid(),
  contact: Contact,
  status: z.enum(flowExecutionContactStatuses),
  reason: z.string(),
  is_active: z.boolean(),
  flow_name: z.string(),
  flow_execution_id: uuid(),
  current_step_idx: z.int().min(0).nullable(),
  waiting: z.enum(['', 'ANSWER', 'DELAY', 'ACTION']).meta({ description: 'What the contact waits for: an answer, the end of a delay, or an ACTION\'s HTTP answer.' }),
  wait_until: dateTime().nullable(),
  variables: z.record(z.string(), z.unknown().meta({ description: 'Any JSON value.' })).meta({ description: 'Answers and ACTION results by step name.' }),
  created_on: dateTime(),
  updated_on: dateTime(),
  completed_on: dateTime().nullable(),
};

export const FlowExecutionContact = named('FlowExecutionContact', z.object(contactFields));

export const FlowExecutionContactDetail = named('FlowExecutionContactDetail', z.object({
  ...contactFields,
  flow_execution: FlowExecution,
  execution_steps: z.array(FlowExecutionStep),
}));

export const FlowExecutionStepStats = named('FlowExecutionStepStats', z.object({
  results: z.array(z.object({
    step: z.object({ id: z.int(), ordering_idx: z.int(), name: z.string(), step_type: z.enum(flowStepTypes) }),
    reached: counter('Contacts of the execution that reached this step.'),
    here: counter('Contacts in the flow whose last step is this one (waiting at it).'),
    dropped: counter('Contacts that left the flow at this step: EXPIRED, FAILED or CANCELED with it as their last step.'),
  })),
}));

export const MatchingContacts = named('MatchingContacts', z.object({ count: counter('Contacts the filters match now.') }));

const FlowDraftBody = named('FlowDraftBody', z.object({
  name: z.string(),
  is_active: z.boolean(),
  flow_end_action: z.enum(flowEndActions),
  flow_end_webhook_url: z.string(),
  flow_webhook_retries: z.int().min(0),
  execution_type: z.enum(flowExecutionTypes),
  flow_execution_variables: z.array(z.string()),
  channel: id().nullable(),
  inbound_trigger_with: z.enum(flowInboundTriggers).nullable(),
  inbound_start_message: z.string(),
  steps: z.array(z.record(z.string(), z.unknown().meta({ description: 'Any JSON value.' }))).meta({ description: 'The steps as a request gives them (see FlowStep).' }),
  layout: z.record(z.string(), z.object({ x: z.number(), y: z.number() })).meta({ description: 'The builder\'s node positions by `ordering_idx`.' }),
}));

export const FlowDraft = named('FlowDraft', z.object({
  flow: uuid(),
  status: z.enum(['DRAFT', 'PUBLISHED']),
  version: z.int().min(0).meta({ description: 'The published version the draft started from.' }),
  has_draft: z.boolean().meta({ description: 'False: there is no draft and `body` is the published flow.' }),
  updated_on: dateTime().nullable(),
  body: FlowDraftBody,
  problems: z.record(z.string(), z.unknown().meta({ description: 'Any JSON value.' })).meta({ description: 'What a publish would be refused with now, in the same shape (`{}` when it can be published).' }),
}));

export { FlowDraftBody };

export const FlowVersion = named('FlowVersion', z.object({
  version: z.int().min(1),
  published_by: ShortUser.nullable(),
  published_on: dateTime(),
  steps: counter('Steps of this version.'),
  is_current: z.boolean().meta({ description: 'The version new executions run.' }),
}));

export const FlowContactVariables = named('FlowContactVariables', z.object({
  contact_fields: z.array(z.string()),
  meta_keys: z.array(z.string()).meta({ description: 'Keys of `meta` the account\'s contacts have (at most 200).' }),
}));
