import type { DraftStep } from '@/lib/client/flow-builder';

// Each step type as the builder shows it: its name, colour, a one-line help, the branches it has
// (a labelled handle each) and what a new one starts with.

export type StepType = DraftStep['step_type'];
export type Branch = { id: string; label: string };

export const STEP_TYPES: { type: StepType; label: string; help: string; icon: string; tone: string }[] = [
  { type: 'MESSAGE', label: 'Message', help: 'Send text or media', icon: '✉', tone: 'sky' },
  { type: 'TEMPLATE', label: 'Template', help: 'Send an approved template', icon: '▤', tone: 'sky' },
  { type: 'QUESTION', label: 'Question', help: 'Ask and check the answer', icon: '?', tone: 'violet' },
  { type: 'MENU', label: 'Menu', help: 'A branch per option', icon: '☰', tone: 'violet' },
  { type: 'CONDITIONAL', label: 'Condition', help: 'Then / otherwise', icon: '◇', tone: 'amber' },
  { type: 'ACTION', label: 'HTTP request', help: 'Call an endpoint', icon: '⇄', tone: 'orange' },
  { type: 'DELAY', label: 'Delay', help: 'Wait before going on', icon: '◷', tone: 'slate' },
  { type: 'TAG', label: 'Tag', help: 'Tag contact or conversation', icon: '#', tone: 'emerald' },
  { type: 'CONTACT_UPDATE', label: 'Update contact', help: 'Set contact fields', icon: '✎', tone: 'emerald' },
  { type: 'CONVERSATION', label: 'Hand over', help: 'To an agent in the inbox', icon: '☏', tone: 'rose' },
  { type: 'GO_TO', label: 'Go to', help: 'Jump to a step', icon: '↪', tone: 'slate' },
  { type: 'TRIGGER_FLOW', label: 'Start flow', help: 'Start another flow', icon: '▶', tone: 'rose' },
  { type: 'END', label: 'End', help: 'End the flow', icon: '■', tone: 'slate' },
];

export const TONES: Record<string, { chip: string; bar: string }> = {
  sky: { chip: 'bg-sky-100 text-sky-800', bar: 'bg-sky-500' },
  violet: { chip: 'bg-violet-100 text-violet-800', bar: 'bg-violet-500' },
  amber: { chip: 'bg-amber-100 text-amber-800', bar: 'bg-amber-500' },
  orange: { chip: 'bg-orange-100 text-orange-800', bar: 'bg-orange-500' },
  slate: { chip: 'bg-slate-100 text-slate-700', bar: 'bg-slate-400' },
  emerald: { chip: 'bg-emerald-100 text-emerald-800', bar: 'bg-emerald-500' },
  rose: { chip: 'bg-rose-100 text-rose-800', bar: 'bg-rose-500' },
};

export const typeInfo = (type: StepType) => STEP_TYPES.find((t) => t.type === type) ?? STEP_TYPES[0];

/** How a step is named to a screen reader: its type, then its name ("Question ask_size"). */
export const spokenStep = (s: Pick<DraftStep, 'step_type' | 'name'>) => [typeInfo(s.step_type).label, s.name].filter(Boolean).join(' ');

/** The branches a step shows, in order: one labelled handle each. */
export function branches(s: DraftStep): Branch[] {
  const options = s.answer_options ?? [];
  switch (s.step_type) {
    case 'TEMPLATE':
      // Waiting for a tap on its quick-reply buttons, a branch each; else it goes straight on.
      if (!options.length) return [{ id: 'default', label: 'next' }];
      return [...options.map((o, i) => ({ id: `opt-${i}`, label: o })), { id: 'default', label: 'other answer' },
        ...(s.has_max_wait_time ? [{ id: 'alternate', label: 'timeout' }] : [])];
    case 'MESSAGE': case 'DELAY': case 'TAG': case 'CONTACT_UPDATE':
      return [{ id: 'default', label: 'next' }];
    case 'GO_TO':
      return [{ id: 'default', label: 'go to' }];
    case 'QUESTION':
    case 'MENU': {
      const out: Branch[] = options.map((o, i) => ({ id: `opt-${i}`, label: o }));
      if (s.step_type === 'QUESTION') out.push({ id: 'default', label: options.length ? 'other answer' : 'answered' });
      if (s.has_max_wait_time) out.push({ id: 'alternate', label: 'timeout' });
      out.push({ id: 'failed', label: 'failed answer' });
      return out;
    }
    case 'CONDITIONAL':
      return [{ id: 'default', label: 'then' }, { id: 'alternate', label: 'otherwise' }];
    case 'ACTION':
      return [{ id: 'default', label: 'success' }, { id: 'alternate', label: 'error' }];
    default:
      return [];
  }
}

/** The link field a branch sets. */
export function branchField(id: string): 'next_step_default_idx' | 'next_step_alternate_idx' | 'answer_failed_next_step_idx' | number {
  if (id === 'default') return 'next_step_default_idx';
  if (id === 'alternate') return 'next_step_alternate_idx';
  if (id === 'failed') return 'answer_failed_next_step_idx';
  return Number(id.replace('opt-', ''));
}

/** Where a step's branch leads, or null. */
export function branchTarget(s: DraftStep, id: string): number | null {
  const f = branchField(id);
  if (typeof f === 'number') return s.next_steps_for_options_idx?.[f] ?? null;
  return s[f] ?? null;
}

/** Which branch field a problem names, to show it on the right handle. */
export function fieldBranch(field: string): string | null {
  if (field === 'next_step_default_idx') return 'default';
  if (field === 'next_step_alternate_idx') return 'alternate';
  if (field === 'answer_failed_next_step_idx') return 'failed';
  return null;
}

export function newStep(type: StepType, ordering_idx: number, name: string): DraftStep {
  const base: DraftStep = { step_type: type, ordering_idx, name, next_step_default_idx: null, next_step_alternate_idx: null, next_steps_for_options_idx: [], answer_failed_next_step_idx: null };
  switch (type) {
    case 'MESSAGE': return { ...base, body: '' };
    case 'QUESTION': return { ...base, body: '', answer_type: 'ANY', max_answer_attempts: 3 };
    case 'MENU': return { ...base, body: '', answer_type: 'SINGLE_OPTION', answer_options: ['Option 1', 'Option 2'], answer_options_render: 'BUTTONS' };
    case 'CONDITIONAL': return { ...base, conditions: [{ field: '', comparison: 'exact', value: '' }] };
    case 'ACTION': return { ...base, action_request_method: 'GET', action_request_url: 'https://' };
    case 'DELAY': return { ...base, delay_type: 'DURATION', delay_amount: 5, delay_unit: 'MINUTE' };
    case 'TAG': return { ...base, contact_tags: [], tags_mode: 'APPEND' };
    default: return base;
  }
}

/** A short default name for a new step of a type, unique in the flow (names are `{{step.<name>}}`). */
export function uniqueName(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}
