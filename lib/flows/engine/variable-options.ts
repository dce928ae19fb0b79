import { BUTTON_TITLE_MAX, BUTTONS_MAX, LIST_MAX, LIST_TITLE_MAX } from '../publish-rules';
import { fold } from '../answers';
import type { StepInput } from '../validation';
import { asText, lookupVariable, variableNames, walk, type VariableScope } from '../variables';

// A QUESTION whose options are the items of a list variable (`has_options_from_variable`), most
// often an ACTION's JSON answer: read when the question is asked, and logged on its step so that
// the answer is checked against what the contact was shown. Each item gives an option: its title
// (`option_from_variable_title`, a path into the item; the item itself when it is text or a
// number) and its value (`option_from_variable_value`, a path; the whole item when empty), which
// becomes the step's answer, so `{{step.<name>.<field>}}` reads any field of the chosen item.

export type VariableOption = { title: string; value: unknown };

type OptionsStep = Pick<StepInput, 'options_from_variable' | 'option_from_variable_title' | 'option_from_variable_value' | 'answer_options_render'>;

const at = (item: unknown, path: string) => (path ? walk(item, path.split('.')) : item);

/** The list the variable holds: an array, or text that parses as one. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The options, at most as many as a list shows: titles cut to what the render shows, items
 * without a title left out. More than 3 options asked as BUTTONS go out as a LIST (see `rendered`).
 */
export function optionsFromVariable(step: OptionsStep, scope: VariableScope): VariableOption[] {
  const out: VariableOption[] = [];
  for (const item of variableList(step, scope)) {
    const raw = step.option_from_variable_title ? at(item, step.option_from_variable_title) : item;
    const title = raw !== null && typeof raw === 'object' ? '' : asText(raw).replace(/\s+/g, ' ').trim();
    if (!title) continue;
    out.push({ title, value: step.option_from_variable_value ? at(item, step.option_from_variable_value) ?? null : item });
    if (out.length === LIST_MAX) break;
  }
  const render = rendered(step, out.length);
  const max = render === 'BUTTONS' ? BUTTON_TITLE_MAX : render === 'LIST' ? LIST_TITLE_MAX : 200;
  // Titles stay apart once cut (the provider refuses two buttons with one title, and a typed answer must pick one).
  const seen = new Set<string>();
  return out.map((o) => {
    let title = shorten(o.title, max);
    for (let n = 2; seen.has(fold(title)); n++) title = `${shorten(o.title, max - String(n).length - 1)} ${n}`;
    seen.add(fold(title));
    return { ...o, title };
  });
}

/** The items of the list the step names (none when it names nothing, or something that is not a list). */
export function variableList(step: Pick<StepInput, 'options_from_variable'>, scope: VariableScope): unknown[] {
  const [name] = variableNames(step.options_from_variable);
  return name ? listOf(lookupVariable(name, scope)) : [];
}

/** Why a step's list gave no option: nothing there, or items without a title where it looks. */
export function noOptionsReason(step: OptionsStep, scope: VariableScope): string {
  const items = variableList(step, scope).length;
  return items
    ? `${items} item${items === 1 ? '' : 's'} in ${step.options_from_variable}, none with a title ${step.option_from_variable_title ? `at "${step.option_from_variable_title}"` : '(the items are not text: choose the title field)'}.`
    : `No options in ${step.options_from_variable}.`;
}

/** How options from a variable are shown: buttons hold 3 at most, so more go out as a list. */
export function rendered(step: Pick<StepInput, 'answer_options_render'>, count: number): StepInput['answer_options_render'] {
  return step.answer_options_render === 'BUTTONS' && count > BUTTONS_MAX ? 'LIST' : step.answer_options_render;
}

/** The step as asked with these options: what the question's message and the answer check read. */
export function withOptions<S extends StepInput>(step: S, options: VariableOption[]): S {
  return { ...step, answer_options: options.map((o) => o.title), answer_options_render: rendered(step, options.length), next_steps_for_options_idx: [] };
}
