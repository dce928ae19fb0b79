import {
  actionTestBody, executionBody, executionContactListQuery, executionListQuery, executionPatchBody, flowDocBody, flowListQuery, matchingContactsBody, trySandboxBody,
} from '@/lib/flows/validation';
import { paginated } from '../schemas/common';
import {
  Flow, FlowActionTest, FlowContactVariables, FlowDraft, FlowEndWebhookSecret, FlowDraftBody, FlowExecution, FlowExecutionContact, FlowExecutionContactDetail,
  FlowExecutionStepStats, FlowVersion, MatchingContacts,
} from '../schemas/flows';
import type { Operation, PathParam, ResourceDoc } from '../operation';

const flowId: Record<string, PathParam> = { id: { kind: 'uuid', description: 'Flow id.' } };
const versionParams: Record<string, PathParam> = { ...flowId, version: { kind: 'int', description: 'Version number.' } };
const PUBLISH_RULES = 'Publishing a draft checks it as a write is checked, and also refuses: steps no path from the first step reaches, '
  + 'branches leading nowhere (then/otherwise, success/error, each option once options have steps, a timeout), variables naming a '
  + 'step that does not run before, more than 3 buttons or 10 list rows, a free-form MESSAGE first in an OUTBOUND flow, an INBOUND '
  + 'flow without `inbound_trigger_with`. Errors nest by the step\'s index: `{"steps": {"2": {"next_step_alternate_idx": ["…"]}}}`.';
const executionId: Record<string, PathParam> = { id: { kind: 'uuid', description: 'Flow execution id.' } };
const contactId: Record<string, PathParam> = { id: { kind: 'uuid', description: 'Flow execution contact id.' } };
const flowsTag = ['Flows'];
const execTag = ['Flow executions'];

const STEPS = 'Steps are inline and point at each other by `ordering_idx` (`next_step_default_idx`, `next_step_alternate_idx`, '
  + '`next_steps_for_options_idx`, `answer_failed_next_step_idx`); the first step has `ordering_idx` 0. Everything is checked '
  + 'before anything is stored: each step type\'s fields, every link, at most 3 BUTTONS (titles of 20 characters) and 10 LIST '
  + 'options (24), and variables (`{{contact.<field or meta key>}}`, `{{step.<step name>[.path]}}`, '
  + '`{{flow_execution_variables.<name>}}`) naming something that exists. Errors nest by the step\'s index in `steps`: '
  + '`{"steps": {"3": {"next_step_default_idx": ["No step has ordering_idx 9."]}}}`.';

// INBOUND: it answers a contact who wrote, so a free-form MESSAGE may come first (an OUTBOUND flow
// writes first and starts with a TEMPLATE, whose id the example could not know).
const EXAMPLE = {
  name: 'Order confirmation', execution_type: 'INBOUND', inbound_trigger_with: 'TEXT', inbound_start_message: 'order',
  flow_execution_variables: ['order'],
  steps: [
    { ordering_idx: 0, step_type: 'MESSAGE', body: 'Hi {{contact.first_name}}, about order {{flow_execution_variables.order}}.', next_step_default_idx: 1 },
    {
      ordering_idx: 1, name: 'confirm', step_type: 'QUESTION', body: 'Do you confirm it?', answer_type: 'SINGLE_OPTION',
      answer_options: ['Yes', 'No'], answer_options_render: 'BUTTONS', next_step_default_idx: 2,
    },
    {
      ordering_idx: 2, step_type: 'CONDITIONAL', conditions: [{ field: 'step.confirm', comparison: 'exact', value: 'Yes' }],
      next_step_default_idx: 3, next_step_alternate_idx: 4,
    },
    { ordering_idx: 3, step_type: 'TAG', contact_tags: ['confirmed'], next_step_default_idx: 4 },
    { ordering_idx: 4, step_type: 'END' },
  ],
};

const control = (action: 'pause' | 'resume' | 'cancel', summary: string, description: string): Operation => ({
  method: 'post', path: `/api/flow-execution/{id}/${action}`, operationId: `flow_execution_${action}`, tags: execTag, params: executionId,
  summary, description, errors: [400],
  responses: { 200: { description: 'The flow execution.', schema: FlowExecution } },
});

const EXECUTION_BODY = '`execute_for`: LIST (`contact_lists[].contact_list` entries upserted as contacts with the contact API\'s '
  + 'rules, and/or `contact_lists[].contact_file.upload_group_id` of a CSV upload), FILTERS (`contact_filters` over contact '
  + 'fields, `meta.<key>` and `tags`), or ALL. `start_on` schedules it; `flow_execution_variables` fill '
  + '`{{flow_execution_variables.<name>}}`. `has_priority` true ends the contacts\' other running flows; false skips a contact '
  + 'in another running flow or an open conversation with an agent (CANCELED, with the reason). For an INBOUND flow the '
  + 'execution listens: a message matching `inbound_trigger_with` and `inbound_start_message` (exact with '
  + '`inbound_start_message_match_exact`, else contained; case- and accent-insensitive) from a contact in no flow and not with '
  + 'an agent starts the flow for that contact.';

export const flowsDoc: ResourceDoc = {
  tags: [
    {
      name: 'Flows',
      description: 'Automated conversations: steps that send messages and templates, ask questions and check the answers, branch, '
        + 'call HTTP endpoints, wait, tag and update contacts, and hand over to agents. Every change of the steps publishes a new '
        + 'version; executions keep running the version they started with.',
    },
    {
      name: 'Flow executions',
      description: 'A flow run for contacts (outbound) or listening for their messages (inbound), with counters per status and '
        + 'every contact\'s progress, step by step. Webhook events: `flow_execution_contact.running_inbound` and '
        + '`flow_execution_contact.completed`, with the execution contact as `data`.',
    },
  ],
  operations: [
    {
      method: 'get', path: '/api/flow', operationId: 'flow_list', tags: flowsTag, summary: 'List flows', description: 'Newest first.',
      query: flowListQuery, paginated: true,
      queryDescriptions: { search: 'Matches the name (contains, case-insensitive).', execution_type: 'Only flows of this type.' },
      responses: { 200: { description: 'A page of flows.', schema: paginated(Flow, 'Flow') } },
    },
    {
      method: 'post', path: '/api/flow', operationId: 'flow_create', tags: flowsTag, summary: 'Create a flow', description: STEPS,
      body: { schema: flowDocBody, name: 'FlowRequest', required: true, example: EXAMPLE },
      responses: { 201: { description: 'The flow, version 1.', schema: Flow } },
    },
    {
      method: 'get', path: '/api/flow/{id}', operationId: 'flow_retrieve', tags: flowsTag, params: flowId, summary: 'Get a flow',
      responses: { 200: { description: 'The flow with its current version\'s steps.', schema: Flow } },
    },
    {
      method: 'put', path: '/api/flow/{id}', operationId: 'flow_update', tags: flowsTag, params: flowId, summary: 'Replace a flow',
      description: `The whole flow; its steps publish a new version (with \`status: "DRAFT"\`, the body is saved as the draft and nothing is published). ${STEPS}`,
      body: { schema: flowDocBody, name: 'FlowRequest', required: true, example: EXAMPLE },
      responses: { 200: { description: 'The flow.', schema: Flow } },
    },
    {
      method: 'patch', path: '/api/flow/{id}', operationId: 'flow_partial_update', tags: flowsTag, params: flowId,
      summary: 'Partially update a flow',
      description: 'Only the fields sent change; `steps`, when sent, replace all steps and publish a new version. With `status: "DRAFT"` the fields sent are merged into the draft instead.',
      body: { schema: flowDocBody.partial(), name: 'PatchedFlowRequest', example: { is_active: false } },
      responses: { 200: { description: 'The flow.', schema: Flow } },
    },
    {
      method: 'delete', path: '/api/flow/{id}', operationId: 'flow_destroy', tags: flowsTag, params: flowId, summary: 'Delete a flow',
      description: 'Refused (400) while an execution of the flow is running: cancel it first. Deletes its finished executions too.',
      errors: [400],
      responses: { 204: { description: 'Deleted.' } },
    },
    {
      method: 'get', path: '/api/flow/{id}/secret', operationId: 'flow_secret_retrieve', tags: flowsTag, params: flowId,
      summary: 'Reveal the flow\'s signing secret',
      description: 'The key that signs what `flow_end_action` WEBHOOK posts. Not part of the flow object, which every member reads.',
      roles: ['ADMIN'],
      responses: { 200: { description: 'The secret.', schema: FlowEndWebhookSecret } },
    },
    {
      method: 'post', path: '/api/flow/{id}/secret/rotate', operationId: 'flow_secret_rotate_create', tags: flowsTag, params: flowId,
      summary: 'Rotate the flow\'s signing secret',
      description: 'A new key, used at once for every post from then on (retries included). No body.',
      roles: ['ADMIN'],
      responses: { 200: { description: 'The new secret.', schema: FlowEndWebhookSecret } },
    },
    {
      method: 'post', path: '/api/flow/action-test', operationId: 'flow_action_test_create', tags: flowsTag, summary: 'Try an ACTION\'s request',
      description: 'Sends the request now, as a run would (the same address guard, 10-second limit and 64 KiB of answer kept), its '
        + 'variables filled in from `test_values` (by name, `contact.first_name`; a variable without a value is empty), and keeps '
        + 'the answer. Put its `id` in the step\'s `action_test_response_data`: the builder then offers the paths inside the answer '
        + 'as variables. An answer that is not 2xx, or none at all, is still a 201 with its `status` and `error`.',
      body: { schema: actionTestBody, name: 'FlowActionTestRequest', required: true, example: {
        action_request_method: 'GET', action_request_url: 'https://example.com/orders', action_request_params: { id: '{{flow_execution_variables.order}}' },
        test_values: { 'flow_execution_variables.order': 'A-1' },
      } },
      responses: { 201: { description: 'The request as sent and its answer.', schema: FlowActionTest } },
    },
    {
      method: 'get', path: '/api/flow/action-test/{id}', operationId: 'flow_action_test_retrieve', tags: flowsTag,
      params: { id: { kind: 'uuid', description: 'Action test id.' } }, summary: 'A tried ACTION request',
      description: 'A trial made with `POST /api/flow/action-test`, as a step\'s `action_test_response_data` names it.',
      responses: { 200: { description: 'The request as sent and its answer.', schema: FlowActionTest } },
    },
    {
      method: 'get', path: '/api/flow/variables', operationId: 'flow_variables', tags: flowsTag, summary: 'Contact variables for flows',
      description: 'The contact fields and the meta keys the account\'s contacts have: what `{{contact.<name>}}` can name (the builder offers them).',
      responses: { 200: { description: 'The names.', schema: FlowContactVariables } },
    },
    {
      method: 'get', path: '/api/flow/{id}/draft', operationId: 'flow_draft_retrieve', tags: flowsTag, params: flowId, summary: 'Get a flow\'s draft',
      description: `The draft the builder edits (the published flow when there is none), with \`problems\`: what publishing it would be refused with now. ${PUBLISH_RULES}`,
      responses: { 200: { description: 'The draft.', schema: FlowDraft } },
    },
    {
      method: 'put', path: '/api/flow/{id}/draft', operationId: 'flow_draft_update', tags: flowsTag, params: flowId, summary: 'Save a flow\'s draft',
      description: 'The whole body (steps as loose objects, `layout`); only its shape is checked: a draft may be unfinished. The flow\'s `status` becomes DRAFT. Same as `PUT /api/flow/{id}` with `status: "DRAFT"`.',
      body: { schema: FlowDraftBody, name: 'FlowDraftRequest', required: true },
      responses: { 200: { description: 'The draft with its problems.', schema: FlowDraft } },
    },
    {
      method: 'post', path: '/api/flow/{id}/publish', operationId: 'flow_publish', tags: flowsTag, params: flowId, summary: 'Publish a flow\'s draft',
      description: `The draft becomes the next version: new executions run it, running ones keep theirs. ${PUBLISH_RULES}`, errors: [400],
      responses: { 200: { description: 'The flow, PUBLISHED.', schema: Flow } },
    },
    {
      method: 'get', path: '/api/flow/{id}/versions', operationId: 'flow_version_list', tags: flowsTag, params: flowId, summary: 'List a flow\'s versions',
      description: 'Newest first, with who published each and when.', paginated: true,
      responses: { 200: { description: 'A page of versions.', schema: paginated(FlowVersion, 'FlowVersion') } },
    },
    {
      method: 'post', path: '/api/flow/{id}/versions/{version}/restore', operationId: 'flow_version_restore', tags: flowsTag, params: versionParams,
      summary: 'Restore a version as the draft', description: 'That version\'s steps and layout become the draft; publish it to run it again.',
      responses: { 200: { description: 'The draft.', schema: FlowDraft } },
    },
    {
      method: 'get', path: '/api/flow/{id}/export', operationId: 'flow_export', tags: flowsTag, params: flowId, summary: 'Export a flow',
      description: 'The flow as a `POST /api/flow` body (its draft when it has one), with `layout`: post it (with `status: "DRAFT"` to import it as a draft) into this or another account.',
      responses: { 200: { description: 'The flow\'s body.', schema: FlowDraftBody } },
    },
    {
      method: 'post', path: '/api/flow/{id}/run', operationId: 'flow_execution_create', tags: execTag, params: flowId,
      summary: 'Create flow execution', description: EXECUTION_BODY,
      body: {
        schema: executionBody, name: 'FlowExecutionRequest', required: true,
        example: { execute_for: 'LIST', contact_lists: [{ source: 'LIST', contact_list: [{ phone: '+525512345678', first_name: 'Ana' }] }], flow_execution_variables: { order: 'A-17' } },
      },
      responses: { 201: { description: 'The execution, PROCESSING (or READY until `start_on`).', schema: FlowExecution } },
    },
    {
      method: 'get', path: '/api/flow-execution', operationId: 'flow_execution_list', tags: execTag, summary: 'List flow executions',
      description: 'Newest first.', query: executionListQuery, paginated: true,
      queryDescriptions: { flow: 'Only executions of this flow.', search: 'Matches the flow\'s name.' },
      responses: { 200: { description: 'A page of executions.', schema: paginated(FlowExecution, 'FlowExecution') } },
    },
    {
      method: 'get', path: '/api/flow-execution/{id}', operationId: 'flow_execution_retrieve', tags: execTag, params: executionId,
      summary: 'Get flow execution', description: 'With its flow version and counters.',
      responses: { 200: { description: 'The execution with its counters and the flow version it runs.', schema: FlowExecution } },
    },
    {
      method: 'put', path: '/api/flow-execution/{id}', operationId: 'flow_execution_update', tags: execTag, params: executionId,
      summary: 'Update flow execution', description: `Only before it starts (400 after). ${EXECUTION_BODY}`,
      body: { schema: executionBody, name: 'FlowExecutionRequest', required: true },
      responses: { 200: { description: 'The execution.', schema: FlowExecution } },
    },
    {
      method: 'patch', path: '/api/flow-execution/{id}', operationId: 'flow_execution_partial_update', tags: execTag, params: executionId,
      summary: 'Partially update flow execution', description: 'Only before it starts (400 after).',
      body: { schema: executionPatchBody, name: 'PatchedFlowExecutionRequest' },
      responses: { 200: { description: 'The execution.', schema: FlowExecution } },
    },
    {
      method: 'post', path: '/api/flow/{id}/try-on-sandbox', operationId: 'flow_try_on_sandbox', tags: execTag, params: flowId,
      summary: 'Try a flow on the sandbox phone',
      description: 'Runs an OUTBOUND flow for one number on the account\'s sandbox channel (created if needed), whatever channel the flow sends on, '
        + 'taking over any other flow that number is in (`has_priority`). Answer from the sandbox phone (`/api/channels/sandbox/inbound`).',
      body: { schema: trySandboxBody, name: 'TrySandboxRequest', required: true },
      errors: [400],
      responses: { 201: { description: 'The flow execution.', schema: FlowExecution } },
    },
    {
      method: 'post', path: '/api/flow/{id}/draft/try', operationId: 'flow_draft_try', tags: execTag, params: flowId,
      summary: 'Try a flow\'s draft on the sandbox phone',
      description: 'Runs the draft (the published flow when there is none) for one number on the account\'s sandbox channel without publishing it, '
        + 'taking over any other flow that number is in. Refused (400) while the draft has problems, with the body a refused publish has. '
        + 'The draft\'s steps are kept as a snapshot that only this execution runs: its `version` is below zero and is never listed among '
        + 'the versions; the published version, the version history and what new executions run do not change. An INBOUND draft starts '
        + 'for the number at once (`execution_type` API), as if it had written the trigger. Answer from the sandbox phone.',
      body: { schema: trySandboxBody, name: 'TrySandboxRequest', required: true },
      errors: [400],
      responses: { 201: { description: 'The flow execution.', schema: FlowExecution } },
    },
    {
      method: 'post', path: '/api/flow-execution/matching-contacts', operationId: 'flow_execution_matching_contacts', tags: execTag,
      summary: 'Count the contacts filters match',
      description: 'How many of the account\'s contacts `contact_filters` match now, with the conditions an execution with `execute_for` FILTERS applies.',
      body: { schema: matchingContactsBody, name: 'MatchingContactsRequest', required: true },
      responses: { 200: { description: 'The count.', schema: MatchingContacts } },
    },
    {
      method: 'get', path: '/api/flow-execution/{id}/steps', operationId: 'flow_execution_steps', tags: execTag, params: executionId,
      summary: 'Per-step drop-off of a flow execution',
      description: 'For each step of the version the execution runs, in `ordering_idx` order: how many of its contacts reached it, are waiting at it, and left the flow there.',
      responses: { 200: { description: 'One entry per step.', schema: FlowExecutionStepStats } },
    },
    control('pause', 'Pause a flow execution', 'Its contacts stop where they are (RUNNING contacts become PAUSED).'),
    control('resume', 'Resume a flow execution', 'Its contacts go on from where they stopped.'),
    control('cancel', 'Cancel a flow execution', 'Every active contact is CANCELED; an INBOUND execution stops listening.'),
    {
      method: 'get', path: '/api/flow-execution-contact', operationId: 'flow_execution_contact_list', tags: execTag,
      summary: 'List flow execution contacts', description: 'Newest first.', query: executionContactListQuery, paginated: true,
      queryDescriptions: {
        contact: 'Only this contact\'s.', flow_execution: 'Only this execution\'s.', flow_execution__flow: 'Only executions of this flow.',
        is_active: 'true: READY, RUNNING or PAUSED; false: the others; absent: all.', status: 'Only this status.',
        search: 'Matches the contact\'s phone or name.',
      },
      responses: { 200: { description: 'A page of execution contacts.', schema: paginated(FlowExecutionContact, 'FlowExecutionContact') } },
    },
    {
      method: 'get', path: '/api/flow-execution-contact/{id}', operationId: 'flow_execution_contact_retrieve', tags: execTag, params: contactId,
      summary: 'Get flow execution contact', description: 'With its execution and every executed step, oldest first.',
      responses: { 200: { description: 'The execution contact.', schema: FlowExecutionContactDetail } },
    },
    {
      method: 'post', path: '/api/flow-execution-contact/{id}/stop', operationId: 'flow_execution_contact_stop', tags: execTag, params: contactId,
      summary: 'Stop a contact\'s flow', description: 'The contact leaves the flow (CANCELED) and its conversation goes to the inbox as NEW. 400 once over.',
      errors: [400],
      responses: { 200: { description: 'The execution contact.', schema: FlowExecutionContactDetail } },
    },
  ],
};
