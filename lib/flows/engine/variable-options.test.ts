import { describe, expect, it } from 'vitest';
import { stepSchema } from '../validation';
import { noOptionsReason, optionsFromVariable, withOptions } from './variable-options';

const step = (more: object) => stepSchema.parse({ ordering_idx: 1, name: 'slot', step_type: 'QUESTION', body: 'When?', has_options_from_variable: true, ...more });
const scope = (steps: Record<string, unknown>) => ({ contact: { meta: { sizes: '["S","M"]' } }, steps, flowVariables: {} });

describe('optionsFromVariable', () => {
  it('reads titles and values by path, the whole item when the value path is empty', () => {
    const slots = [{ id: 7, when: { label: 'Mon 9:00' } }, { id: 8, when: { label: 'Tue 10:30' } }];
    expect(optionsFromVariable(step({ options_from_variable: '{{step.lookup.slots}}', option_from_variable_title: 'when.label' }), scope({ lookup: { slots } })))
      .toEqual([{ title: 'Mon 9:00', value: slots[0] }, { title: 'Tue 10:30', value: slots[1] }]);
    expect(optionsFromVariable(step({ options_from_variable: '{{step.lookup.slots}}', option_from_variable_title: 'when.label', option_from_variable_value: 'id' }), scope({ lookup: { slots } })))
      .toEqual([{ title: 'Mon 9:00', value: 7 }, { title: 'Tue 10:30', value: 8 }]);
  });

  it('takes text and numbers as they are, a list stored as JSON text, and leaves out items without a title', () => {
    expect(optionsFromVariable(step({ options_from_variable: '{{step.lookup}}' }), scope({ lookup: ['Red', 2, '', null, { a: 1 }, '  Blue  '] })))
      .toEqual([{ title: 'Red', value: 'Red' }, { title: '2', value: 2 }, { title: 'Blue', value: '  Blue  ' }]);
    expect(optionsFromVariable(step({ options_from_variable: '{{contact.sizes}}' }), scope({}))).toEqual([{ title: 'S', value: 'S' }, { title: 'M', value: 'M' }]);
  });

  it('reads a path into JSON text, as variables do', () => {
    expect(optionsFromVariable(step({ options_from_variable: '{{step.lookup}}', option_from_variable_title: 'who.name', option_from_variable_value: 'id' }),
      scope({ lookup: [{ id: 1, who: '{"name":"Ana"}' }] }))).toEqual([{ title: 'Ana', value: 1 }]);
  });

  it('says why a list gave no option', () => {
    const s = step({ options_from_variable: '{{step.lookup}}', option_from_variable_title: 'name' });
    expect(noOptionsReason(s, scope({ lookup: [{ label: 'A' }, { label: 'B' }] }))).toBe('2 items in {{step.lookup}}, none with a title at "name".');
    expect(noOptionsReason(step({ options_from_variable: '{{step.lookup}}' }), scope({ lookup: [{ label: 'A' }] })))
      .toBe('1 item in {{step.lookup}}, none with a title (the items are not text: choose the title field).');
    expect(noOptionsReason(s, scope({}))).toBe('No options in {{step.lookup}}.');
  });

  it('gives nothing for a missing variable, or one that is not a list', () => {
    expect(optionsFromVariable(step({ options_from_variable: '{{step.lookup.slots}}' }), scope({}))).toEqual([]);
    expect(optionsFromVariable(step({ options_from_variable: '{{step.lookup}}' }), scope({ lookup: 'not json' }))).toEqual([]);
    expect(optionsFromVariable(step({ options_from_variable: '{{step.lookup}}' }), scope({ lookup: { a: 1 } }))).toEqual([]);
  });

  it('keeps at most 10, and cuts titles to what buttons or a list show; more than 3 buttons go out as a list', () => {
    const many = Array.from({ length: 12 }, (_, i) => `Appointment slot number ${i + 1}`);
    const asList = optionsFromVariable(step({ options_from_variable: '{{step.lookup}}', answer_options_render: 'BUTTONS' }), scope({ lookup: many }));
    expect(asList).toHaveLength(10);
    expect(asList[0].title).toBe('Appointment slot number…');
    expect(asList[0].title).toHaveLength(24);
    const three = optionsFromVariable(step({ options_from_variable: '{{step.lookup}}', answer_options_render: 'BUTTONS' }), scope({ lookup: many.slice(0, 3) }));
    expect(three[0].title).toHaveLength(20);
    // Cut alike, the titles are told apart.
    expect(asList.map((o) => o.title).slice(0, 3)).toEqual(['Appointment slot number…', 'Appointment slot numb… 2', 'Appointment slot numb… 3']);
    expect(new Set(three.map((o) => o.title)).size).toBe(3);
    const asked = withOptions(step({ options_from_variable: '{{step.lookup}}', answer_options_render: 'BUTTONS' }), asList);
    expect(asked).toMatchObject({ answer_options_render: 'LIST', answer_options: asList.map((o) => o.title), next_steps_for_options_idx: [] });
  });
});
