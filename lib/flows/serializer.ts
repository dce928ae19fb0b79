import type { z } from 'zod';
import type { flowExecutionContacts, flowExecutions, flows, flowSteps } from '@/db/schema';
import type {
  Flow, FlowExecution, FlowExecutionContact, FlowExecutionStep, FlowStep,
} from '@/lib/openapi/schemas/flows';
import type { SerializedContact } from '@/lib/contacts/serializer';
import { iso } from '@/lib/serializers/iso';
import type { StepSettings } from './validation';

// One serializer per resource: the flow with its steps, the execution, the execution contact and
// its executed steps. Explicit field lists in wire order; the shapes are the response schemas'
// (lib/openapi/schemas/flows.ts).

export type SerializedFlow = z.output<typeof Flow>;
export type SerializedStep = z.output<typeof FlowStep>;
export type SerializedExecution = z.output<typeof FlowExecution>;
export type SerializedExecutionContact = z.output<typeof FlowExecutionContact>;
export type SerializedExecutionStep = z.output<typeof FlowExecutionStep>;

export type FlowRecord = typeof flows.$inferSelect;
export type StepRecord = typeof flowSteps.$inferSelect;
export type ExecutionRecord = typeof flowExecutions.$inferSelect;
export type ExecutionContactRecord = typeof flowExecutionContacts.$inferSelect;
export type ShortUserRecord = { id: number; first_name: string; last_name: string; email: string };

/** A condition as stored: with its read-only id. */
export type StoredCondition = { id: string; field: string; comparison: SerializedStep['conditions'][number]['comparison']; value: string };

export function serializeStep(s: StepRecord): SerializedStep {
  const x = s.settings as Omit<StepSettings, 'conditions'> & { conditions: StoredCondition[] };
  return {
    id: s.id,
    flow: s.flowId,
    name: s.name,
    step_type: s.stepType,
    ordering_idx: s.orderingIdx,
    next_step_default_idx: x.next_step_default_idx,
    next_step_alternate_idx: x.next_step_alternate_idx,
    next_steps_for_options_idx: x.next_steps_for_options_idx,
    answer_failed_next_step_idx: x.answer_failed_next_step_idx,
    conditions: x.conditions.map((c) => ({ id: c.id, field: c.field, comparison: c.comparison, value: c.value })),
    body: x.body,
    body_type: x.body_type,
    body_file_url: x.body_file_url,
    answer_type: x.answer_type,
    answer_validation_message: x.answer_validation_message,
    answer_instructions: x.answer_instructions,
    answer_options: x.answer_options,
    answer_phone_default_country: x.answer_phone_default_country,
    answer_allow_decimals: x.answer_allow_decimals,
    answer_has_range: x.answer_has_range,
    answer_range_min: x.answer_range_min,
    answer_range_max: x.answer_range_max,
    answer_options_render: x.answer_options_render,
    answer_options_render_list_button_title: x.answer_options_render_list_button_title,
    answer_options_render_list_section_title: x.answer_options_render_list_section_title,
    // Steps stored before these fields existed read as options written out.
    has_options_from_variable: x.has_options_from_variable ?? false,
    options_from_variable: x.options_from_variable ?? '',
    option_from_variable_title: x.option_from_variable_title ?? '',
    option_from_variable_value: x.option_from_variable_value ?? '',
    missing_options_message: x.missing_options_message ?? '',
    max_answer_attempts: x.max_answer_attempts,
    delay_type: x.delay_type,
    delay_amount: x.delay_amount,
    delay_unit: x.delay_unit,
    delay_until: x.delay_until ? iso(x.delay_until) : null,
    action_request_method: x.action_request_method,
    action_request_url: x.action_request_url,
    action_request_headers: x.action_request_headers,
    action_request_params: x.action_request_params,
    action_request_body: x.action_request_body,
    action_test_response_data: x.action_test_response_data ?? null,
    chat_template: x.chat_template,
    template_variables: x.template_variables,
    assign_to_users: x.assign_to_users,
    assign_to_team: x.assign_to_team ?? null,
    contact_tags: x.contact_tags,
    conversation_tags: x.conversation_tags,
    tags_mode: x.tags_mode,
    contact_update_fields: x.contact_update_fields,
    trigger_flow: x.trigger_flow,
    has_max_wait_time: x.has_max_wait_time,
    max_wait_time_amount: x.max_wait_time_amount,
    max_wait_time_unit: x.max_wait_time_unit,
    set_time_window: x.set_time_window,
    time_windows: x.time_windows,
  };
}

export function serializeFlow(f: FlowRecord, x: { createdBy: ShortUserRecord | null; steps: StepRecord[]; executions: number }): SerializedFlow {
  return {
    id: f.id,
    name: f.name,
    created_by: x.createdBy,
    is_active: f.isActive,
    flow_end_action: f.flowEndAction,
    flow_end_webhook_url: f.flowEndWebhookUrl,
    flow_webhook_retries: f.flowWebhookRetries,
    execution_type: f.executionType,
    flow_execution_variables: f.flowExecutionVariables,
    channel: f.channelId,
    inbound_trigger_with: f.inboundTriggerWith,
    inbound_start_message: f.inboundStartMessage,
    status: f.status === 'DRAFT' ? 'DRAFT' : 'PUBLISHED',
    version: f.version,
    created_on: iso(f.createdOn),
    updated_on: iso(f.updatedOn),
    executions: x.executions,
    steps: [...x.steps].sort((a, b) => a.orderingIdx - b.orderingIdx).map(serializeStep),
  };
}

type StoredList = { source: 'LIST' | 'FILE'; contact_file?: { upload_group_id: string } | null; contact_list: { phone: string }[] };

export function serializeExecution(e: ExecutionRecord, x: { flow: SerializedFlow; version: number; createdBy: ShortUserRecord | null }): SerializedExecution {
  return {
    id: e.id,
    status: e.status,
    status_reason: e.statusReason,
    execute_for: e.executeFor,
    execution_type: e.executionType,
    inbound_trigger_with: e.inboundTriggerWith,
    inbound_start_message: e.inboundStartMessage,
    inbound_start_message_match_exact: e.inboundStartMessageMatchExact,
    contact_filters: e.contactFilters as StoredCondition[],
    contact_lists: (e.contactLists as StoredList[]).map((l) => ({
      source: l.source, contact_file: l.contact_file ?? null, list_contacts: l.contact_list.map((c) => ({ contact: c })),
    })),
    created_by: x.createdBy,
    flow: x.flow,
    version: x.version,
    created_on: iso(e.createdOn),
    started_on: iso(e.startedOn),
    completed_on: iso(e.completedOn),
    pending: e.pending,
    active: e.active,
    completed: e.completed,
    expired: e.expired,
    failed: e.failed,
    canceled: e.canceled,
    has_priority: e.hasPriority,
    flow_execution_variables: e.flowExecutionVariables as Record<string, string>,
    start_on: iso(e.startOn),
  };
}

export function serializeExecutionContact(c: ExecutionContactRecord, x: { contact: SerializedContact; flowName: string }): SerializedExecutionContact {
  return {
    id: c.id,
    contact: x.contact,
    status: c.status,
    reason: c.reason,
    is_active: c.isActive,
    flow_name: x.flowName,
    flow_execution_id: c.flowExecutionId,
    current_step_idx: c.currentStepIdx,
    waiting: c.waiting as SerializedExecutionContact['waiting'],
    wait_until: iso(c.waitUntil),
    variables: c.variables as Record<string, unknown>,
    created_on: iso(c.createdOn),
    updated_on: iso(c.updatedOn),
    completed_on: iso(c.completedOn),
  };
}
