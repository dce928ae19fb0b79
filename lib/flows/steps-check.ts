import { ValidationError, type FieldErrors } from '@/lib/api/errors';
import { zodToDrf } from '@/lib/api/zod-to-drf';
import { optionRenderProblems } from './publish-rules';
import { variableNames } from './variables';
import { stepSchema, UPDATABLE_CONTACT_FIELDS, type StepInput } from './validation';

// A flow's steps checked before anything is stored: each step's own fields for its type, every
// `*_idx` naming a step, option counts and titles within what the channel renders, and variables
// naming something that exists. Errors nest by the step's index in the list:
// `{"steps": {"3": {"next_step_default_idx": ["No step has ordering_idx 9."]}}}`.

export { BUTTONS_MAX, BUTTON_TITLE_MAX, LIST_MAX, LIST_TITLE_MAX } from './publish-rules';

function add(errors: FieldErrors, field: string, message: string) {
  const list = (errors[field] ??= []) as string[];
  if (!list.includes(message)) list.push(message);
}

/** The texts of a step where variables may appear, by field. */
export function templatedFields(s: StepInput): [string, string][] {
  return [
    ['body', s.body], ['answer_validation_message', s.answer_validation_message], ['body_file_url', s.body_file_url],
    ...(s.has_options_from_variable
      ? [['options_from_variable', s.options_from_variable], ['missing_options_message', s.missing_options_message]] as [string, string][] : []),
    ['action_request_url', s.action_request_url], ['action_request_body', s.action_request_body],
    ...Object.values(s.action_request_headers).map((v): [string, string] => ['action_request_headers', v]),
    ...Object.values(s.action_request_params).map((v): [string, string] => ['action_request_params', v]),
    ...s.template_variables.map((v): [string, string] => ['template_variables', v]),
    ...Object.values(s.contact_update_fields).map((v): [string, string] => ['contact_update_fields', v]),
    // A condition's field names a variable with or without braces: checked as one either way.
    ...s.conditions.map((c): [string, string] => {
      const field = c.field.trim().replace(/^\{\{\s*|\s*\}\}$/g, '');
      return ['conditions', `${field ? `{{${field}}}` : ''} ${c.value}`];
    }),
  ];
}

/** A QUESTION's options from a list variable: one variable named, and nothing that expects options written out. */
function checkVariableOptions(s: StepInput, errors: FieldErrors) {
  if (s.step_type === 'MENU') {
    add(errors, 'has_options_from_variable', 'A MENU has a step per option: use a QUESTION for options from a variable.');
    return;
  }
  if (!/^\{\{[^{}]+\}\}$/.test(s.options_from_variable)) add(errors, 'options_from_variable', 'Name one variable holding a list, like {{step.lookup.items}}.');
  if (s.answer_options.length) add(errors, 'answer_options', 'The options come from the variable: leave answer_options empty.');
  if (s.next_steps_for_options_idx.length) add(errors, 'next_steps_for_options_idx', 'Options from a variable all go on to next_step_default_idx: leave this empty.');
  if (s.answer_type !== 'SINGLE_OPTION' && s.answer_type !== 'ANY') add(errors, 'answer_type', 'Options from a variable are answered with SINGLE_OPTION (or ANY, which also takes other text).');
}

function checkStep(s: StepInput, errors: FieldErrors, names: Set<string>, flowVariables: Set<string>) {
  const need = (field: string, ok: boolean, message = 'This field is required for this step type.') => { if (!ok) add(errors, field, message); };
  switch (s.step_type) {
    case 'MESSAGE':
      need('body', s.body.trim() !== '' || (s.body_type !== 'text' && s.body_file_url !== ''));
      if (s.body_type !== 'text') need('body_file_url', /^https?:\/\//.test(s.body_file_url), 'Enter the media file\'s http(s) URL.');
      break;
    case 'TEMPLATE':
      need('chat_template', s.chat_template !== null);
      // answer_options: the quick-reply buttons it waits for a tap on, a step each (checked against the template in checkReferences).
      if (s.has_options_from_variable) add(errors, 'has_options_from_variable', "A TEMPLATE's options are its quick-reply buttons, listed in answer_options.");
      if (s.answer_options.length && s.next_steps_for_options_idx.length !== s.answer_options.length) {
        add(errors, 'next_steps_for_options_idx', `Give one step per button: ${s.answer_options.length} expected, got ${s.next_steps_for_options_idx.length}.`);
      }
      if (!s.answer_options.length && s.next_steps_for_options_idx.length) {
        add(errors, 'answer_options', 'List the quick-reply buttons that next_steps_for_options_idx branches on.');
      }
      if (new Set(s.answer_options.map((o) => o.trim().toLowerCase())).size !== s.answer_options.length) add(errors, 'answer_options', 'Each button once.');
      if (s.has_max_wait_time) need('max_wait_time_amount', s.max_wait_time_amount > 0, 'Give a wait longer than 0.');
      break;
    case 'QUESTION':
    case 'MENU':
      need('body', s.body.trim() !== '');
      if (s.has_options_from_variable) checkVariableOptions(s, errors);
      else if (s.step_type === 'MENU' || s.answer_type === 'SINGLE_OPTION') {
        need('answer_options', s.answer_options.length > 0, 'Give at least one option.');
      }
      if (s.step_type === 'MENU' && s.next_steps_for_options_idx.length !== s.answer_options.length) {
        add(errors, 'next_steps_for_options_idx', `Give one step per option: ${s.answer_options.length} expected, got ${s.next_steps_for_options_idx.length}.`);
      }
      for (const m of optionRenderProblems(s)) add(errors, 'answer_options', m);
      // An answer matches the first option it names, so a second with the same title could never
      // be chosen (and the provider refuses reply buttons with the same title).
      for (const o of repeatedOptions(s.answer_options)) add(errors, 'answer_options', `Each option once: "${o}" is listed twice.`);
      if (s.answer_type === 'NUMBER' && s.answer_has_range) {
        for (const f of ['answer_range_min', 'answer_range_max'] as const) {
          if (s[f] !== '' && !Number.isFinite(Number(s[f]))) add(errors, f, 'A valid number is required.');
        }
        if (s.answer_range_min !== '' && s.answer_range_max !== '' && Number(s.answer_range_min) > Number(s.answer_range_max)) {
          add(errors, 'answer_range_max', 'Must be at least answer_range_min.');
        }
      }
      if (s.has_max_wait_time) need('max_wait_time_amount', s.max_wait_time_amount > 0, 'Give a wait longer than 0.');
      break;
    case 'CONDITIONAL':
      need('conditions', s.conditions.length > 0, 'Give at least one condition.');
      break;
    case 'ACTION':
      need('action_request_url', /^https?:\/\/./.test(s.action_request_url), 'Enter an http(s) URL (variables allowed).');
      break;
    case 'DELAY':
      need('delay_type', s.delay_type !== null);
      if (s.delay_type === 'DURATION') need('delay_amount', s.delay_amount > 0, 'Give a delay longer than 0.');
      if (s.delay_type === 'UNTIL') need('delay_until', s.delay_until !== null);
      if (s.delay_type === 'TIME_WINDOW') {
        need('time_windows', s.time_windows.length > 0, 'Give at least one time window.');
        // A window that closes before it opens would never be open: the contact would not wait at all.
        s.time_windows.forEach((w, i) => need('time_windows', w.close_at > w.open_at, `Window ${i + 1} closes before it opens (a window cannot cross midnight: split it in two).`));
      }
      break;
    case 'TAG':
      need('contact_tags', s.contact_tags.length + s.conversation_tags.length > 0, 'Give contact or conversation tags.');
      break;
    case 'CONTACT_UPDATE':
      need('contact_update_fields', Object.keys(s.contact_update_fields).length > 0, 'Give at least one field to set.');
      for (const key of Object.keys(s.contact_update_fields)) {
        if (!(UPDATABLE_CONTACT_FIELDS as readonly string[]).includes(key) && !/^meta\.[^.]+$/.test(key)) {
          add(errors, 'contact_update_fields', `"${key}" is not a field a flow can set: use ${UPDATABLE_CONTACT_FIELDS.join(', ')} or meta.<key>.`);
        }
      }
      break;
    case 'GO_TO':
      need('next_step_default_idx', s.next_step_default_idx !== null);
      break;
    case 'TRIGGER_FLOW':
      need('trigger_flow', s.trigger_flow !== null);
      break;
    default:
      break;
  }
  for (const [field, value] of templatedFields(s)) {
    for (const name of variableNames(value)) {
      const [space, first] = name.split('.');
      if (space === 'contact') continue;
      if (space === 'step' && first && names.has(first)) continue;
      if (space === 'flow_execution_variables' && first && flowVariables.has(first)) continue;
      if (space === 'step') add(errors, field, `{{${name}}}: no step is named "${first ?? ''}".`);
      else if (space === 'flow_execution_variables') add(errors, field, `{{${name}}}: "${first ?? ''}" is not one of the flow's flow_execution_variables.`);
      else add(errors, field, `{{${name}}}: variables start with contact., step. or flow_execution_variables.`);
    }
  }
}

/** The steps, checked, in the order given; throws a ValidationError naming steps by index. */
export function checkSteps(items: unknown[], flowVariables: string[]): StepInput[] {
  const errors: Record<string, FieldErrors> = {};
  const steps: (StepInput | null)[] = items.map((item, index) => {
    const parsed = stepSchema.safeParse(item);
    if (parsed.success) return parsed.data;
    errors[index] = zodToDrf(parsed.error);
    return null;
  });
  const valid = steps.filter((s): s is StepInput => s !== null);
  const indexes = new Map<number, number>();
  // A step with errors of its own keeps its name for the others' variables (as its ordering_idx, below).
  const names = new Set([...valid.map((s) => s.name), ...items.map((item) => (item as { name?: unknown } | null)?.name)]
    .filter((n): n is string => typeof n === 'string' && n !== ''));
  steps.forEach((s, index) => {
    if (!s) return;
    const e: FieldErrors = errors[index] ?? {};
    if (indexes.has(s.ordering_idx)) add(e, 'ordering_idx', `Step ${indexes.get(s.ordering_idx)} already has ordering_idx ${s.ordering_idx}.`);
    else indexes.set(s.ordering_idx, index);
    if (s.name && valid.filter((o) => o.name === s.name).length > 1) add(e, 'name', 'Another step has this name: step names are unique in a flow.');
    if (s.name && !/^[A-Za-z0-9_-]+$/.test(s.name)) add(e, 'name', 'Use letters, digits, _ and - only: the name is used in {{step.<name>}}.');
    else if (['__proto__', 'constructor', 'prototype'].includes(s.name)) add(e, 'name', 'This name is reserved: choose another.');
    if (Object.keys(e).length) errors[index] = e;
  });
  // A step with errors of its own still has its ordering_idx, when that is readable: a link to it is
  // not also reported as a link to nothing.
  const readableIdx = items.map((item) => (item as { ordering_idx?: unknown } | null)?.ordering_idx).filter((i): i is number => Number.isInteger(i));
  const known = new Set([...valid.map((s) => s.ordering_idx), ...readableIdx]);
  steps.forEach((s, index) => {
    if (!s) return;
    const e: FieldErrors = errors[index] ?? {};
    for (const field of ['next_step_default_idx', 'next_step_alternate_idx', 'answer_failed_next_step_idx'] as const) {
      const target = s[field];
      if (target !== null && !known.has(target)) add(e, field, `No step has ordering_idx ${target}.`);
    }
    for (const target of s.next_steps_for_options_idx) {
      if (!known.has(target)) add(e, 'next_steps_for_options_idx', `No step has ordering_idx ${target}.`);
    }
    checkStep(s, e, names, new Set(flowVariables));
    if (Object.keys(e).length) errors[index] = e;
  });
  if (Object.keys(errors).length) throw new ValidationError({ steps: errors });
  if (!known.has(0)) throw new ValidationError({ steps: ['The first step is the one with ordering_idx 0: no step has it.'] });
  return valid.sort((a, b) => a.ordering_idx - b.ordering_idx);
}

/** The options that repeat an earlier one, case and spaces aside. */
function repeatedOptions(options: string[]): string[] {
  const seen = new Set<string>();
  return options.flatMap((o) => {
    const key = o.trim().toLowerCase();
    const again = seen.has(key);
    seen.add(key);
    return again ? [o.trim()] : [];
  });
}
