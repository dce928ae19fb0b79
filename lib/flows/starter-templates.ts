// Starter flows the builder opens as drafts: each is a `POST /api/flow` body with its layout.
// They use no account objects (templates, members), so they import anywhere; an outbound one
// starts with a TEMPLATE step whose template the user picks.

type Body = Record<string, unknown> & { name: string; steps: Record<string, unknown>[]; layout: Record<string, { x: number; y: number }> };
export type StarterTemplate = { key: string; title: string; description: string; body: Body };

const col = (x: number, y: number) => ({ x, y });

export const STARTER_TEMPLATES: StarterTemplate[] = [
  {
    key: 'lead-qualification',
    title: 'Lead qualification',
    description: 'Someone writes “info”: ask for the budget with buttons, tag hot leads and hand them to your agents in the inbox.',
    body: {
      name: 'Lead qualification', execution_type: 'INBOUND', inbound_trigger_with: 'TEXT', inbound_start_message: 'info',
      steps: [
        { ordering_idx: 0, name: 'budget', step_type: 'QUESTION', body: 'Hi {{contact.first_name|there}}! What budget do you have in mind?', answer_type: 'SINGLE_OPTION', answer_options: ['Under $1k', '$1k–$10k', 'Over $10k'], answer_options_render: 'BUTTONS', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'CONDITIONAL', conditions: [{ field: 'step.budget', comparison: 'exact', value: 'Under $1k' }], next_step_default_idx: 2, next_step_alternate_idx: 3 },
        { ordering_idx: 2, step_type: 'MESSAGE', body: 'Thanks! Our self-service plans fit that budget: https://example.com/plans', next_step_default_idx: 5 },
        { ordering_idx: 3, step_type: 'TAG', contact_tags: ['hot-lead'], next_step_default_idx: 4 },
        { ordering_idx: 4, step_type: 'CONVERSATION' },
        { ordering_idx: 5, step_type: 'END' },
      ],
      layout: { 0: col(0, 0), 1: col(0, 260), 2: col(-170, 480), 3: col(170, 480), 4: col(170, 660), 5: col(-170, 700) },
    },
  },
  {
    key: 'order-confirmation',
    title: 'Order confirmation',
    description: 'Send the order template, ask the contact to confirm, and tag the order confirmed or cancelled.',
    body: {
      name: 'Order confirmation', execution_type: 'OUTBOUND', flow_execution_variables: ['order'],
      steps: [
        { ordering_idx: 0, step_type: 'TEMPLATE', template_variables: ['{{flow_execution_variables.order}}'], next_step_default_idx: 1 },
        { ordering_idx: 1, name: 'confirm', step_type: 'QUESTION', body: 'Do you confirm order {{flow_execution_variables.order}}?', answer_type: 'SINGLE_OPTION', answer_options: ['Confirm', 'Cancel'], answer_options_render: 'BUTTONS', next_steps_for_options_idx: [2, 3] },
        { ordering_idx: 2, step_type: 'TAG', contact_tags: ['order-confirmed'], next_step_default_idx: 4 },
        { ordering_idx: 3, step_type: 'TAG', contact_tags: ['order-cancelled'], next_step_default_idx: 4 },
        { ordering_idx: 4, step_type: 'MESSAGE', body: 'Thank you, {{contact.first_name|there}}. We have noted your answer.' },
      ],
      layout: { 0: col(0, 0), 1: col(0, 180), 2: col(-170, 440), 3: col(170, 440), 4: col(0, 620) },
    },
  },
  {
    key: 'support-triage',
    title: 'Support triage',
    description: 'A contact writes: a menu routes billing, technical and other questions to the right place.',
    body: {
      name: 'Support triage', execution_type: 'INBOUND', inbound_trigger_with: 'ANY_MESSAGE',
      steps: [
        { ordering_idx: 0, name: 'topic', step_type: 'MENU', body: 'Hi! What do you need help with?', answer_type: 'SINGLE_OPTION', answer_options: ['Billing', 'Technical issue', 'Something else'], answer_options_render: 'LIST', answer_options_render_list_button_title: 'Choose a topic', next_steps_for_options_idx: [1, 2, 4] },
        { ordering_idx: 1, step_type: 'TAG', conversation_tags: ['billing'], next_step_default_idx: 4 },
        { ordering_idx: 2, name: 'details', step_type: 'QUESTION', body: 'Sorry about that. Please describe the problem in one message.', answer_type: 'FREE_TEXT', next_step_default_idx: 3 },
        { ordering_idx: 3, step_type: 'TAG', conversation_tags: ['technical'], next_step_default_idx: 4 },
        { ordering_idx: 4, step_type: 'CONVERSATION' },
      ],
      layout: { 0: col(0, 0), 1: col(-300, 300), 2: col(0, 300), 3: col(0, 520), 4: col(-150, 720) },
    },
  },
];
