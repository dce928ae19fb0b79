import { describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/api/errors';
import { checkSteps } from './steps-check';

function errorsOf(items: unknown[]): unknown {
  try {
    checkSteps(items, []);
  } catch (error) {
    if (error instanceof ValidationError) return error.body;
    throw error;
  }
  return null;
}

describe('checkSteps', () => {
  it('refuses a question\'s option listed twice, however rendered: an answer would always match the first', () => {
    const question = (answer_options: string[], answer_options_render: string) => errorsOf([
      { ordering_idx: 0, step_type: 'QUESTION', body: 'Pick', answer_type: 'SINGLE_OPTION', answer_options, answer_options_render },
    ]) as { steps: Record<string, Record<string, string[]>> };
    expect(question(['a', ' A '], 'BUTTONS').steps['0'].answer_options).toEqual(['Each option once: "A" is listed twice.']);
    expect(question(['Yes', 'No', 'yes'], 'NUMBERS').steps['0'].answer_options).toEqual(['Each option once: "yes" is listed twice.']);
    expect(question(['Yes', 'No'], 'BUTTONS')).toBeNull();
  });

  it('reports a link to a step that does not exist on the linking step', () => {
    const body = errorsOf([{ ordering_idx: 0, step_type: 'MESSAGE', body: 'Hi', next_step_default_idx: 9 }]) as { steps: Record<string, Record<string, string[]>> };
    expect(body.steps['0'].next_step_default_idx).toEqual(['No step has ordering_idx 9.']);
  });

  it('does not also report a link to a step whose own fields are wrong', () => {
    const body = errorsOf([
      { ordering_idx: 0, step_type: 'MESSAGE', body: 'Hi', next_step_default_idx: 1 },
      { ordering_idx: 1, step_type: 'NOT_A_TYPE' },
    ]) as { steps: Record<string, unknown> };
    expect(Object.keys(body.steps)).toEqual(['1']);
    expect(body.steps['1']).toHaveProperty('step_type');
  });

  it('refuses an ACTION header value with a line break, which would add a header of its own', () => {
    const action = (value: string) => errorsOf([{ ordering_idx: 0, step_type: 'ACTION', action_request_url: 'https://example.com/hook', action_request_headers: { X: value } }]);
    for (const value of ['a\r\nInjected: 1', 'a\nInjected: 1', 'a\rb']) {
      expect(action(value), JSON.stringify(value)).toEqual({ steps: { 0: { action_request_headers: { X: ['Header values cannot contain line breaks.'] } } } });
    }
    expect(action('Bearer {{contact.external_id}}')).toBeNull();
  });

  describe('options from a variable', () => {
    const lookup = { ordering_idx: 0, name: 'lookup', step_type: 'ACTION', action_request_url: 'https://example.com/slots', next_step_default_idx: 1 };
    const ask = (more: object) => ({ ordering_idx: 1, name: 'slot', step_type: 'QUESTION', body: 'When?', answer_type: 'SINGLE_OPTION', has_options_from_variable: true, ...more });

    it('takes a QUESTION naming a step before, with or without braces, and no options written out', () => {
      const steps = checkSteps([lookup, ask({ options_from_variable: 'step.lookup.slots', option_from_variable_title: 'label' })], []);
      expect(steps[1]).toMatchObject({ has_options_from_variable: true, options_from_variable: '{{step.lookup.slots}}', option_from_variable_title: 'label', answer_options: [] });
    });

    it('refuses a MENU, written-out options and per-option steps, another answer type, and an unknown or missing variable', () => {
      const body = errorsOf([
        lookup,
        ask({ options_from_variable: '{{step.nope.items}}', answer_options: ['A'], next_steps_for_options_idx: [0], answer_type: 'NUMBER' }),
        { ...ask({ options_from_variable: '{{step.lookup}}' }), ordering_idx: 2, name: 'menu', step_type: 'MENU' },
        { ...ask({ options_from_variable: 'two {{step.lookup}} {{step.lookup}}' }), ordering_idx: 3, name: 'two' },
      ]) as { steps: Record<string, Record<string, string[]>> };
      expect(body.steps['1']).toEqual({
        options_from_variable: ['{{step.nope.items}}: no step is named "nope".'],
        answer_options: ['The options come from the variable: leave answer_options empty.'],
        next_steps_for_options_idx: ['Options from a variable all go on to next_step_default_idx: leave this empty.'],
        answer_type: ['Options from a variable are answered with SINGLE_OPTION (or ANY, which also takes other text).'],
      });
      expect(body.steps['2']).toEqual({ has_options_from_variable: ['A MENU has a step per option: use a QUESTION for options from a variable.'] });
      expect(body.steps['3']).toEqual({ options_from_variable: ['Name one variable holding a list, like {{step.lookup.items}}.'] });
    });

    it('leaves the variable fields unchecked while the step does not use them', () => {
      expect(errorsOf([lookup, ask({ has_options_from_variable: false, answer_options: ['A'], options_from_variable: '{{step.gone}}' })])).toBeNull();
    });
  });
});
