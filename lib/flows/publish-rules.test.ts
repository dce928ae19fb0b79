import { describe, expect, it } from 'vitest';
import {
  danglingBranches, endlessLoops, freeFormFirstWrites, freeFormStart, missingTrigger, optionRenderProblems, publishProblems, unknownVariables, unreachableSteps,
  namesBefore, type RuleFlow, type RuleStep,
} from './publish-rules';

const step = (ordering_idx: number, step_type: RuleStep['step_type'], more: Partial<RuleStep> = {}): RuleStep => ({
  name: '', step_type, ordering_idx, next_step_default_idx: null, next_step_alternate_idx: null, next_steps_for_options_idx: [],
  answer_failed_next_step_idx: null, answer_options: [], answer_options_render: 'NUMBERS', has_max_wait_time: false, ...more,
});
const outbound: RuleFlow = { execution_type: 'OUTBOUND', flow_execution_variables: ['order'], inbound_trigger_with: null };

describe('unreachable steps', () => {
  it('finds the steps no path from the first step reaches, loops included', () => {
    const steps = [step(0, 'TEMPLATE', { next_step_default_idx: 2 }), step(1, 'TAG', { next_step_default_idx: 3 }), step(2, 'END'), step(3, 'GO_TO', { next_step_default_idx: 1 })];
    expect(unreachableSteps(steps)).toEqual([1, 3]);
    expect(unreachableSteps([step(0, 'TEMPLATE', { next_step_default_idx: 1 }), step(1, 'GO_TO', { next_step_default_idx: 0 })])).toEqual([]);
  });
});

describe('endless loops', () => {
  it('finds a loop that never waits and has no way out; a wait or an exit in it passes', () => {
    const tagLoop = [step(0, 'TEMPLATE', { next_step_default_idx: 1 }), step(1, 'TAG', { next_step_default_idx: 2 }), step(2, 'GO_TO', { next_step_default_idx: 1 })];
    expect(endlessLoops(tagLoop)).toEqual([1, 2]);
    const withQuestion = [step(0, 'QUESTION', { next_step_default_idx: 1 }), step(1, 'GO_TO', { next_step_default_idx: 0 })];
    expect(endlessLoops(withQuestion)).toEqual([]);
    const withExit = [step(0, 'TAG', { next_step_default_idx: 1 }), step(1, 'CONDITIONAL', { next_step_default_idx: 0, next_step_alternate_idx: 2 }), step(2, 'END')];
    expect(endlessLoops(withExit)).toEqual([]);
    const withDelay = [step(0, 'MESSAGE', { next_step_default_idx: 1 }), step(1, 'DELAY', { next_step_default_idx: 0 })];
    expect(endlessLoops(withDelay)).toEqual([]);
    // A hand-over or a flow start always ends the flow, whatever next it names.
    const handOver = [step(0, 'TAG', { next_step_default_idx: 1 }), step(1, 'CONVERSATION', { next_step_default_idx: 0 })];
    expect(endlessLoops(handOver)).toEqual([]);
    expect(publishProblems(outbound, tagLoop).steps[2].non_field_errors).toEqual([expect.stringMatching(/^This step is in a loop with no way out that never waits/)]);
  });
});

describe('dangling branches', () => {
  it('asks for both branches of a CONDITIONAL and an ACTION', () => {
    expect(Object.keys(danglingBranches(step(1, 'CONDITIONAL', { next_step_default_idx: 2 })))).toEqual(['next_step_alternate_idx']);
    expect(danglingBranches(step(1, 'ACTION', { next_step_alternate_idx: 2 })).next_step_default_idx).toEqual(['The "success" branch leads nowhere: connect it (to an END step to stop there).']);
    expect(danglingBranches(step(1, 'CONDITIONAL', { next_step_default_idx: 2, next_step_alternate_idx: 3 }))).toEqual({});
  });
  it('asks for every option of a MENU, a QUESTION with option links, and a timeout', () => {
    expect(danglingBranches(step(1, 'MENU', { answer_options: ['A', 'B'], next_steps_for_options_idx: [2] })).next_steps_for_options_idx)
      .toEqual(['The "B" branch leads nowhere: connect it (to an END step to stop there).']);
    expect(danglingBranches(step(1, 'QUESTION', { answer_options: ['A', 'B'] }))).toEqual({});
    expect(Object.keys(danglingBranches(step(1, 'QUESTION', { has_max_wait_time: true, next_step_default_idx: 2 })))).toEqual(['next_step_alternate_idx']);
  });
  it('lets a plain step end the flow', () => {
    expect(danglingBranches(step(1, 'MESSAGE'))).toEqual({});
  });
});

describe('unknown variables', () => {
  const steps = [
    step(0, 'QUESTION', { name: 'budget', next_step_default_idx: 1 }), step(1, 'MESSAGE', { next_step_default_idx: 2 }),
    step(2, 'QUESTION', { name: 'later' }),
  ];
  const before = namesBefore(steps);
  it('knows answers of QUESTION, MENU and ACTION steps earlier on the path only', () => {
    expect([...before.get(1)!]).toEqual(['budget']);
    expect(unknownVariables(['{{step.budget}} {{contact.city}} {{flow_execution_variables.order}}'], before.get(1)!, ['order'])).toEqual([]);
    expect(unknownVariables(['{{step.later}}'], before.get(1)!, [])).toEqual(['{{step.later}}: no QUESTION, MENU or ACTION named "later" runs before this step.']);
  });
  it('names undeclared execution variables and unknown namespaces', () => {
    expect(unknownVariables(['{{flow_execution_variables.promo}}', '{{order}}'], new Set(), ['order'])).toEqual([
      '{{flow_execution_variables.promo}}: "promo" is not one of the flow\'s variables.',
      '{{order}}: variables start with contact., step. or flow_execution_variables.',
    ]);
  });
});

describe('too many buttons', () => {
  it('allows 3 buttons of 20 characters and 10 list rows of 24', () => {
    expect(optionRenderProblems({ answer_options: ['A', 'B', 'C'], answer_options_render: 'BUTTONS' })).toEqual([]);
    expect(optionRenderProblems({ answer_options: ['A', 'B', 'C', 'D'], answer_options_render: 'BUTTONS' })).toEqual(['At most 3 options render as buttons.']);
    expect(optionRenderProblems({ answer_options: ['x'.repeat(21)], answer_options_render: 'BUTTONS' })[0]).toMatch(/at most 20 characters/);
    expect(optionRenderProblems({ answer_options: Array.from({ length: 11 }, (_, i) => `R${i}`), answer_options_render: 'LIST' })).toEqual(['At most 10 options render as a list.']);
    expect(optionRenderProblems({ answer_options: Array.from({ length: 11 }, (_, i) => `R${i}`), answer_options_render: 'NUMBERS' })).toEqual([]);
  });
});

describe('free-form start of an outbound flow', () => {
  it('refuses a MESSAGE first in an OUTBOUND flow only', () => {
    expect(freeFormStart(outbound, step(0, 'MESSAGE'))).toMatch(/start with a TEMPLATE/);
    expect(freeFormStart(outbound, step(0, 'TEMPLATE'))).toBeNull();
    expect(freeFormStart({ execution_type: 'INBOUND' }, step(0, 'MESSAGE'))).toBeNull();
    // After steps that write nothing, the first free-form write is the problem; after a TEMPLATE it is none.
    const silentFirst = [step(0, 'ACTION', { next_step_default_idx: 1, next_step_alternate_idx: 2 }), step(1, 'MESSAGE', { next_step_default_idx: 3 }),
      step(2, 'TEMPLATE', { next_step_default_idx: 3 }), step(3, 'MESSAGE'), step(4, 'DELAY', { next_step_default_idx: 5 }), step(5, 'QUESTION')];
    expect(freeFormFirstWrites(outbound, silentFirst)).toEqual([1]);
    expect(freeFormFirstWrites(outbound, [step(0, 'TAG', { next_step_default_idx: 1 }), step(1, 'QUESTION', { next_step_default_idx: 2 }), step(2, 'MESSAGE')])).toEqual([]);
    expect(freeFormFirstWrites({ execution_type: 'INBOUND' }, silentFirst)).toEqual([]);
    expect(freeFormFirstWrites(outbound, [step(0, 'MESSAGE')])).toEqual([]);
  });
});

describe('inbound flow without a trigger', () => {
  it('asks an INBOUND flow for its trigger', () => {
    expect(missingTrigger({ execution_type: 'INBOUND', inbound_trigger_with: null })).toMatch(/needs a trigger/);
    expect(missingTrigger({ execution_type: 'INBOUND', inbound_trigger_with: 'ANY_MESSAGE' })).toBeNull();
    expect(missingTrigger({ execution_type: 'OUTBOUND', inbound_trigger_with: null })).toBeNull();
  });
});

describe('publishProblems', () => {
  it('names a missing first step once, on the flow, rather than every step as unreachable', () => {
    const problems = publishProblems(outbound, [step(1, 'TEMPLATE', { next_step_default_idx: 2 }), step(2, 'END')]);
    expect(problems.flow).toEqual({
      non_field_errors: ['The flow has no first step: select the step it should start with and choose "Make this the first step".'],
    });
    expect(problems.steps).toEqual({});
  });

  it('nests every problem by step index and field, and is empty for a sound flow', () => {
    const bad = publishProblems({ ...outbound, execution_type: 'INBOUND' }, [
      step(0, 'CONDITIONAL', { next_step_default_idx: 1, texts: ['{{step.nope}}'] }), step(1, 'END'), step(2, 'END'),
    ]);
    expect(bad.steps).toEqual({
      0: {
        next_step_alternate_idx: ['The "otherwise" branch leads nowhere: connect it (to an END step to stop there).'],
        non_field_errors: ['{{step.nope}}: no QUESTION, MENU or ACTION named "nope" runs before this step.'],
      },
      2: { non_field_errors: ['No path from the first step reaches this step.'] },
    });
    expect(bad.flow).toEqual({ inbound_trigger_with: ['An inbound flow needs a trigger: choose which message starts it.'] });
    expect(publishProblems(outbound, [step(0, 'TEMPLATE', { next_step_default_idx: 1 }), step(1, 'END')])).toEqual({ steps: {}, flow: {} });
  });
});
