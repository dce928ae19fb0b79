import type { FieldErrors } from '@/lib/api/errors';
import { variableNames } from './variables';
import type { StepInput } from './validation';

// What the builder checks before a draft is published, beyond what every API write checks
// (steps-check.ts): each rule is a pure function of the flow, so the builder shows the same
// problems on its nodes as the publish endpoint refuses with. Problems nest like field errors:
// by the step's index in the list, then by field (`non_field_errors` for the step as a whole).

/** Reply buttons and list rows of the channel: how many, and how long a title may be. */
export const BUTTONS_MAX = 3;
export const BUTTON_TITLE_MAX = 20;
export const LIST_MAX = 10;
export const LIST_TITLE_MAX = 24;

export type RuleFlow = {
  execution_type: 'INBOUND' | 'OUTBOUND' | 'API';
  flow_execution_variables: string[];
  inbound_trigger_with: string | null;
};
/** The fields of a step the rules read. */
export type RuleStep = Pick<StepInput,
  'name' | 'step_type' | 'ordering_idx' | 'next_step_default_idx' | 'next_step_alternate_idx' | 'next_steps_for_options_idx'
  | 'answer_failed_next_step_idx' | 'answer_options' | 'answer_options_render' | 'has_max_wait_time'> & { texts?: string[] };

export type Problems = { steps: Record<number, FieldErrors>; flow: FieldErrors };

function add(errors: FieldErrors, field: string, message: string) {
  const list = (errors[field] ??= []) as string[];
  if (!list.includes(message)) list.push(message);
}

/** A QUESTION or MENU, or a TEMPLATE waiting for a tap on its quick-reply buttons. */
const waitsForAnswer = (s: RuleStep) => s.step_type === 'QUESTION' || s.step_type === 'MENU' || (s.step_type === 'TEMPLATE' && s.answer_options.length > 0);

/** Steps whose answer or result a variable can name: an answer (waitsForAnswer), an ACTION's response. */
const answering = (s: RuleStep) => waitsForAnswer(s) || s.step_type === 'ACTION';

/** The steps a step can go to next. */
export function successors(s: RuleStep): number[] {
  return [s.next_step_default_idx, s.next_step_alternate_idx, s.answer_failed_next_step_idx, ...s.next_steps_for_options_idx]
    .filter((n): n is number => n !== null);
}

/** Options beyond what buttons and lists can show, and titles too long for them. */
export function optionRenderProblems(s: Pick<RuleStep, 'answer_options' | 'answer_options_render'>): string[] {
  const out: string[] = [];
  if (s.answer_options_render === 'BUTTONS') {
    if (s.answer_options.length > BUTTONS_MAX) out.push(`At most ${BUTTONS_MAX} options render as buttons.`);
    for (const o of s.answer_options) if (o.length > BUTTON_TITLE_MAX) out.push(`A button's title has at most ${BUTTON_TITLE_MAX} characters: "${o}".`);
  }
  if (s.answer_options_render === 'LIST') {
    if (s.answer_options.length > LIST_MAX) out.push(`At most ${LIST_MAX} options render as a list.`);
    for (const o of s.answer_options) if (o.length > LIST_TITLE_MAX) out.push(`A list row's title has at most ${LIST_TITLE_MAX} characters: "${o}".`);
  }
  return out;
}

/** The ordering_idx of the steps reached from the first step (ordering_idx 0), going on from a step while `goOn` says so. */
function reached(steps: RuleStep[], goOn: (s: RuleStep) => boolean = () => true): Set<number> {
  const byIdx = new Map(steps.map((s) => [s.ordering_idx, s]));
  const seen = new Set<number>();
  const queue = byIdx.has(0) ? [0] : [];
  while (queue.length) {
    const at = queue.shift()!;
    if (seen.has(at)) continue;
    seen.add(at);
    const s = byIdx.get(at);
    if (s && goOn(s)) queue.push(...successors(s).filter((n) => byIdx.has(n)));
  }
  return seen;
}

/** Indexes (in the list) of steps no path from the first step (ordering_idx 0) reaches. */
export function unreachableSteps(steps: RuleStep[]): number[] {
  const seen = reached(steps);
  return steps.flatMap((s, i) => (seen.has(s.ordering_idx) ? [] : [i]));
}

/**
 * Branches a step shows that lead nowhere: then/otherwise of a CONDITIONAL, success/error of an
 * ACTION, every option of a MENU (and of a QUESTION once one option has its own step), the
 * timeout of a QUESTION that waits at most so long. A plain step's null next is the flow's end.
 */
export function danglingBranches(s: RuleStep): FieldErrors {
  const e: FieldErrors = {};
  const open = (field: string, label: string) => add(e, field, `The ${label} branch leads nowhere: connect it (to an END step to stop there).`);
  if (s.step_type === 'CONDITIONAL') {
    if (s.next_step_default_idx === null) open('next_step_default_idx', '"then"');
    if (s.next_step_alternate_idx === null) open('next_step_alternate_idx', '"otherwise"');
  }
  if (s.step_type === 'ACTION') {
    if (s.next_step_default_idx === null) open('next_step_default_idx', '"success"');
    if (s.next_step_alternate_idx === null) open('next_step_alternate_idx', '"error"');
  }
  if (s.step_type === 'MENU' || ((s.step_type === 'QUESTION' || s.step_type === 'TEMPLATE') && s.next_steps_for_options_idx.length > 0)) {
    s.answer_options.forEach((o, i) => {
      if (s.next_steps_for_options_idx[i] === undefined) open('next_steps_for_options_idx', `"${o}"`);
    });
  }
  if (waitsForAnswer(s) && s.has_max_wait_time && s.next_step_alternate_idx === null) {
    open('next_step_alternate_idx', '"timeout"');
  }
  return e;
}

/** For each step (by list index), the names of the steps before it on some path from the start whose answers exist there. */
export function namesBefore(steps: RuleStep[]): Map<number, Set<string>> {
  const byIdx = new Map(steps.map((s, i) => [s.ordering_idx, i]));
  const preds = new Map<number, number[]>();
  steps.forEach((s, i) => {
    for (const n of successors(s)) {
      const j = byIdx.get(n);
      if (j !== undefined) preds.set(j, [...(preds.get(j) ?? []), i]);
    }
  });
  return new Map(steps.map((_, i) => {
    const names = new Set<string>();
    const seen = new Set<number>();
    const queue = [...(preds.get(i) ?? [])];
    while (queue.length) {
      const j = queue.shift()!;
      if (seen.has(j)) continue;
      seen.add(j);
      if (steps[j].name && answering(steps[j])) names.add(steps[j].name);
      queue.push(...(preds.get(j) ?? []));
    }
    return [i, names];
  }));
}

/** Variables a step's texts use that will not exist when it runs. */
export function unknownVariables(texts: string[], before: Set<string>, flowVariables: string[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    for (const name of variableNames(text)) {
      const [space, first] = name.split('.');
      if (space === 'contact' && first) continue;
      if (space === 'step' && first && before.has(first)) continue;
      if (space === 'flow_execution_variables' && first && flowVariables.includes(first)) continue;
      if (space === 'step') out.push(`{{${name}}}: no QUESTION, MENU or ACTION named "${first ?? ''}" runs before this step.`);
      else if (space === 'flow_execution_variables') out.push(`{{${name}}}: "${first ?? ''}" is not one of the flow's variables.`);
      else out.push(`{{${name}}}: variables start with contact., step. or flow_execution_variables.`);
    }
  }
  return [...new Set(out)];
}

/** Steps after which a run stops until something comes: an answer, a DELAY's time, an ACTION's response. */
const waits = (s: RuleStep) => waitsForAnswer(s) || s.step_type === 'DELAY' || s.step_type === 'ACTION';

/**
 * Indexes (in the list) of the steps of a loop a contact can never leave and that never waits
 * (TAG → GO_TO back to the TAG): at run time the contact fails after going round it, so it is
 * refused before. A loop with a way out (a CONDITIONAL's other branch, an END) may stop, and passes.
 */
export function endlessLoops(steps: RuleStep[]): number[] {
  const byIdx = new Map(steps.map((s) => [s.ordering_idx, s]));
  // A step that can end the flow: END, a hand-over or a start of another flow (they always end
  // it), or a plain step whose next is the end.
  const ends = (s: RuleStep) => ['END', 'CONVERSATION', 'TRIGGER_FLOW'].includes(s.step_type) || successors(s).length === 0;
  return steps.flatMap((start, i) => {
    const seen = new Set<number>();
    const queue = successors(start).filter((n) => byIdx.has(n));
    while (queue.length) {
      const at = queue.shift()!;
      if (seen.has(at)) continue;
      seen.add(at);
      queue.push(...successors(byIdx.get(at)!).filter((n) => byIdx.has(n)));
    }
    const loop = [...seen].map((n) => byIdx.get(n)!);
    const closed = seen.has(start.ordering_idx) && loop.every((t) => !waits(t) && !ends(t));
    return closed ? [i] : [];
  });
}

/** An OUTBOUND flow writes first: outside the 24-hour window only a template is delivered. */
export function freeFormStart(flow: Pick<RuleFlow, 'execution_type'>, first: RuleStep | undefined): string | null {
  if (flow.execution_type !== 'OUTBOUND' || first?.step_type !== 'MESSAGE') return null;
  return 'An outbound flow that starts with a free-form MESSAGE only reaches contacts who wrote in the last 24 hours: start with a TEMPLATE.';
}

/** Steps that write nothing to the contact: a flow has not written yet when it has been through only these. */
const SILENT = new Set(['CONDITIONAL', 'ACTION', 'DELAY', 'TAG', 'CONTACT_UPDATE', 'GO_TO']);

/**
 * Indexes (in the list) of the free-form MESSAGEs an OUTBOUND flow may write with first, after
 * steps that write nothing (a MESSAGE first is freeFormStart's), as that rule reads a first step.
 */
export function freeFormFirstWrites(flow: Pick<RuleFlow, 'execution_type'>, steps: RuleStep[]): number[] {
  if (flow.execution_type !== 'OUTBOUND') return [];
  const seen = reached(steps, (s) => SILENT.has(s.step_type));
  return steps.flatMap((s, i) => (s.step_type === 'MESSAGE' && s.ordering_idx !== 0 && seen.has(s.ordering_idx) ? [i] : []));
}

export function missingTrigger(flow: Pick<RuleFlow, 'execution_type' | 'inbound_trigger_with'>): string | null {
  if (flow.execution_type !== 'INBOUND' || flow.inbound_trigger_with) return null;
  return 'An inbound flow needs a trigger: choose which message starts it.';
}

/** Every rule over the flow; empty when it can be published. */
export function publishProblems(flow: RuleFlow, steps: RuleStep[]): Problems {
  const problems: Problems = { steps: {}, flow: {} };
  const at = (i: number) => (problems.steps[i] ??= {});
  if (steps.length && !steps.some((s) => s.ordering_idx === 0)) {
    // Its first step was deleted: every step would be unreachable, which says less than this.
    add(problems.flow, 'non_field_errors', 'The flow has no first step: select the step it should start with and choose "Make this the first step".');
  } else {
    for (const i of unreachableSteps(steps)) add(at(i), 'non_field_errors', 'No path from the first step reaches this step.');
  }
  const before = namesBefore(steps);
  steps.forEach((s, i) => {
    for (const [field, messages] of Object.entries(danglingBranches(s))) for (const m of messages as string[]) add(at(i), field, m);
    for (const m of optionRenderProblems(s)) add(at(i), 'answer_options', m);
    for (const m of unknownVariables(s.texts ?? [], before.get(i) ?? new Set(), flow.flow_execution_variables)) add(at(i), 'non_field_errors', m);
  });
  const firstIndex = steps.findIndex((s) => s.ordering_idx === 0);
  const start = freeFormStart(flow, steps[firstIndex]);
  if (start) add(at(firstIndex), 'step_type', start);
  for (const i of freeFormFirstWrites(flow, steps)) {
    add(at(i), 'step_type', 'An outbound flow whose first message is this free-form MESSAGE only reaches contacts who wrote in the last 24 hours: send a TEMPLATE before it.');
  }
  for (const i of endlessLoops(steps)) {
    add(at(i), 'non_field_errors', 'This step is in a loop with no way out that never waits (for an answer, a DELAY or an ACTION): a contact would go round it until stopped. Add a wait or a way out.');
  }
  const trigger = missingTrigger(flow);
  if (trigger) add(problems.flow, 'inbound_trigger_with', trigger);
  return problems;
}

export function hasProblems(p: Problems): boolean {
  return Object.keys(p.flow).length > 0 || Object.keys(p.steps).length > 0;
}
