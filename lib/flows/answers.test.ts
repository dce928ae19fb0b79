import { describe, expect, it } from 'vitest';
import { checkAnswer, isOtherStepsTap, matchOption, optionLines } from './answers';
import { compare, evaluate } from './engine/conditions';
import { delayEnd, nextInWindows } from './engine/time';
import { renderText, variableNames } from './variables';
import { stepSchema } from './validation';

const step = (over: object) => stepSchema.parse({ ordering_idx: 0, step_type: 'QUESTION', body: 'Q', ...over });
const text = (body: string) => ({ id: 'm', body, msgType: 'text' });

describe('answers', () => {
  it('options match by title (case and accents aside), number or emoji number', () => {
    expect(matchOption(['Sí', 'No'], 'si')).toBe(0);
    expect(matchOption(['Sí', 'No'], ' 2 ')).toBe(1);
    expect(matchOption(['Sí', 'No'], '2.')).toBe(1);
    expect(matchOption(['Sí', 'No'], '3')).toBe(-1);
    expect(matchOption(['a', 'b'], '2️⃣')).toBe(1);
    expect(optionLines({ answer_options: ['a', 'b'], answer_options_render: 'EMOJIS' })).toBe('1️⃣ a\n2️⃣ b');
  });

  it('numbers: decimals and range', () => {
    const s = step({ answer_type: 'NUMBER', answer_has_range: true, answer_range_min: '1', answer_range_max: '10' });
    expect(checkAnswer(s, text('7'), 'MX')).toEqual({ ok: true, value: 7 });
    expect(checkAnswer(s, text('7.5'), 'MX').ok).toBe(false);
    expect(checkAnswer(s, text('11'), 'MX').ok).toBe(false);
    expect(checkAnswer(s, text('seven'), 'MX').ok).toBe(false);
    expect(checkAnswer({ ...s, answer_allow_decimals: true }, text('7,5'), 'MX')).toEqual({ ok: true, value: 7.5 });
  });

  it('email, phone, date, time, bool, and media types', () => {
    expect(checkAnswer(step({ answer_type: 'EMAIL' }), text('Ana@Example.com'), 'MX')).toEqual({ ok: true, value: 'ana@example.com' });
    expect(checkAnswer(step({ answer_type: 'PHONE' }), text('55 1234 5678'), 'MX')).toEqual({ ok: true, value: '+525512345678' });
    expect(checkAnswer(step({ answer_type: 'DATE' }), text('5/11/2026'), 'MX')).toEqual({ ok: true, value: '2026-11-05' });
    expect(checkAnswer(step({ answer_type: 'TIME' }), text('9:30'), 'MX')).toEqual({ ok: true, value: '09:30' });
    expect(checkAnswer(step({ answer_type: 'BOOL' }), text('Sí'), 'MX')).toEqual({ ok: true, value: true });
    expect(checkAnswer(step({ answer_type: 'IMAGE' }), text('hi'), 'MX').ok).toBe(false);
    expect(checkAnswer(step({ answer_type: 'IMAGE' }), { id: 'm', body: '', msgType: 'image', content: { id: 'x' } }, 'MX')).toEqual({ ok: true, value: { id: 'x' } });
  });
});

describe('conditions and variables', () => {
  const scope = { contact: { first_name: 'Ana', meta: { city: 'León' } }, steps: { age: 42, lookup: { order: { status: 'shipped' } } }, flowVariables: { promo: 'X' } };

  it('render variables, with a path into JSON; missing ones render empty and are reported', () => {
    expect(renderText('{{contact.first_name}} {{contact.city}} {{step.lookup.order.status}} {{flow_execution_variables.promo}}', scope))
      .toEqual({ text: 'Ana León shipped X', missing: [] });
    expect(renderText('[{{contact.nope}}]', scope)).toEqual({ text: '[]', missing: ['contact.nope'] });
  });

  it('render the text after | when a variable has no value or an empty one, and report nothing missing', () => {
    const withEmpty = { ...scope, contact: { ...scope.contact, last_name: '' } };
    expect(renderText('Hi {{contact.nope | there}}, {{contact.last_name|friend}}, {{ contact.first_name | x }}', withEmpty))
      .toEqual({ text: 'Hi there, friend, Ana', missing: [] });
    expect(renderText('{{step.lookup.order.eta | soon}} {{flow_execution_variables.code|}}', scope)).toEqual({ text: 'soon ', missing: [] });
    expect(variableNames('{{contact.first_name | there}} {{step.age}}')).toEqual(['contact.first_name', 'step.age']);
  });

  it('compare numbers as numbers, text without case or accents', () => {
    expect(compare('10', 'gt', '9')).toBe(true);
    expect(compare('León', 'exact', 'leon')).toBe(true);
    expect(compare('', 'isnull', '')).toBe(true);
    expect(compare('Hello world', '!icontains', 'WORLD')).toBe(false);
    expect(evaluate([{ field: 'step.age', comparison: 'gte', value: '18' }, { field: '{{contact.city}}', comparison: 'exact', value: 'leon' }], scope).passed).toBe(true);
    expect(evaluate([{ field: 'step.age', comparison: 'lt', value: '18' }], scope).passed).toBe(false);
  });

  it('time windows: now when inside one, else the next opening', () => {
    const monday9 = new Date('2026-11-23T09:00:00Z'); // a Monday
    const windows = [{ day: 1, open_at: '08:00', close_at: '10:00' }, { day: 3, open_at: '12:00', close_at: '13:00' }];
    expect(nextInWindows(windows, monday9)).toEqual(monday9);
    expect(nextInWindows(windows, new Date('2026-11-23T11:00:00Z'))).toEqual(new Date('2026-11-25T12:00:00Z'));
  });

  it("time windows are read on the account's clock", () => {
    const windows = [{ day: 1, open_at: '09:00', close_at: '17:00' }]; // Mondays, office hours
    // Monday 16:30 UTC is 10:30 in Mexico City (UTC-6): inside; 08:00 there waits until 09:00 there.
    const mondayMorning = new Date('2026-11-23T16:30:00Z');
    expect(nextInWindows(windows, mondayMorning, 'America/Mexico_City')).toEqual(mondayMorning);
    expect(nextInWindows(windows, new Date('2026-11-23T14:00:00Z'), 'America/Mexico_City')).toEqual(new Date('2026-11-23T15:00:00Z'));
    // Monday 12:00 UTC is inside in UTC, but 21:00 in Tokyo, after the window there: the next Monday.
    expect(nextInWindows(windows, new Date('2026-11-23T12:00:00Z'))).toEqual(new Date('2026-11-23T12:00:00Z'));
    expect(nextInWindows(windows, new Date('2026-11-23T12:00:00Z'), 'Asia/Tokyo')).toEqual(new Date('2026-11-30T00:00:00Z'));
    // Monday 18:00 there (Tuesday 00:00 UTC): the next Monday 09:00 there.
    expect(nextInWindows(windows, new Date('2026-11-24T00:00:00Z'), 'America/Mexico_City')).toEqual(new Date('2026-11-30T15:00:00Z'));
    // Sunday 23:00 in UTC but Monday 08:00 in Tokyo: opens at 09:00 Tokyo, 00:00 UTC.
    expect(nextInWindows(windows, new Date('2026-11-22T23:00:00Z'), 'Asia/Tokyo')).toEqual(new Date('2026-11-23T00:00:00Z'));
    // Across New York's change to summer time (Sunday 2026-03-08): Monday opens at 09:00 EDT, 13:00 UTC.
    expect(nextInWindows(windows, new Date('2026-03-07T12:00:00Z'), 'America/New_York')).toEqual(new Date('2026-03-09T13:00:00Z'));
    const delay = { ...stepSchema.parse({ step_type: 'DELAY', ordering_idx: 0, delay_type: 'TIME_WINDOW', time_windows: windows }), id: 1 };
    expect(delayEnd(delay, new Date('2026-11-24T00:00:00Z'), { timeZone: 'America/Mexico_City', workingHours: null })).toEqual(new Date('2026-11-30T15:00:00Z'));
  });
});

describe('a tapped button or list row', () => {
  const step = { ...stepSchema.parse({ step_type: 'QUESTION', ordering_idx: 0, answer_type: 'SINGLE_OPTION', answer_options: ['Yes', 'No'] }), id: 3 };
  const tap = (kind: 'button_reply' | 'list_reply', id: string, title: string) => ({ id: 'm', body: title, msgType: 'interactive', content: { interactive: { type: kind, [kind]: { id, title } } } });

  it('selects its option by id, whatever its title', () => {
    expect(checkAnswer(step, tap('button_reply', 'flow.3.1', 'Renamed'), 'MX')).toEqual({ ok: true, value: 'No', option: 1 });
    expect(checkAnswer(step, tap('list_reply', 'flow.3.0', 'x'), 'MX')).toEqual({ ok: true, value: 'Yes', option: 0 });
  });

  it('another step\'s id counts as its title only', () => {
    expect(checkAnswer(step, tap('button_reply', 'flow.9.1', 'Yes'), 'MX')).toEqual({ ok: true, value: 'Yes', option: 0 });
    expect(checkAnswer(step, tap('button_reply', 'flow.9.1', 'Maybe'), 'MX').ok).toBe(false);
  });
});

describe('isOtherStepsTap', () => {
  const tap = (id: string) => ({ id: 'm', body: 'Small', msgType: 'interactive', content: { interactive: { type: 'button_reply', button_reply: { id, title: 'Small' } } } });
  it('passes over a tap on another step\'s button, not this step\'s, nor a typed reply or a template button', () => {
    expect(isOtherStepsTap(57, tap('flow.56.0'))).toBe(true);
    expect(isOtherStepsTap(56, tap('flow.56.0'))).toBe(false);
    expect(isOtherStepsTap(57, { id: 'm', body: 'Small', msgType: 'text' })).toBe(false);
    expect(isOtherStepsTap(57, tap('template-payload'))).toBe(false);
  });
});
