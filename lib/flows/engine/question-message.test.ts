import { describe, expect, it } from 'vitest';
import { stepSchema } from '../validation';
import { questionMessage } from './question-message';

const step = (extra: object) => ({ ...stepSchema.parse({ step_type: 'QUESTION', ordering_idx: 0, answer_type: 'SINGLE_OPTION', ...extra }), id: 7 });

describe('questionMessage', () => {
  it('sends BUTTONS as reply buttons whose ids name the step and the option', () => {
    const m = questionMessage(step({ answer_options: ['Yes', 'No'], answer_options_render: 'BUTTONS' }), 'Ready?', 'Tap one');
    expect(m).toEqual({
      kind: 'interactive', body: 'Ready?\n\nTap one',
      interactive: {
        type: 'button', body: { text: 'Ready?' }, footer: { text: 'Tap one' },
        action: { buttons: [{ type: 'reply', reply: { id: 'flow.7.0', title: 'Yes' } }, { type: 'reply', reply: { id: 'flow.7.1', title: 'No' } }] },
      },
    });
  });

  it('sends LIST as a list with its button and section titles', () => {
    const m = questionMessage(step({ answer_options: ['A', 'B'], answer_options_render: 'LIST', answer_options_render_list_section_title: 'Letters' }), 'Pick', '');
    expect(m).toEqual({
      kind: 'interactive', body: 'Pick',
      interactive: { type: 'list', body: { text: 'Pick' }, action: { button: 'Choose', sections: [{ title: 'Letters', rows: [{ id: 'flow.7.0', title: 'A' }, { id: 'flow.7.1', title: 'B' }] }] } },
    });
  });

  it('keeps EMOJIS, NUMBERS and over-long questions as text', () => {
    expect(questionMessage(step({ answer_options: ['A', 'B'], answer_options_render: 'EMOJIS' }), 'Pick', '')).toEqual({ kind: 'text', body: 'Pick\n\n1️⃣ A\n2️⃣ B' });
    expect(questionMessage(step({ answer_options: ['A'], answer_options_render: 'NUMBERS' }), 'Pick', 'Or type it')).toEqual({ kind: 'text', body: 'Pick\n\n1. A\n\nOr type it' });
    expect(questionMessage(step({ answer_options: ['A'], answer_options_render: 'BUTTONS' }), 'x'.repeat(1025), '').kind).toBe('text');
  });
});
