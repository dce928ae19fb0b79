'use client';
import type { ReactNode } from 'react';
import type { FlowStep } from '@/lib/client/types';
import { Assignees, FlowName, TemplateName } from './step-references';

// A flow's steps as a readable diagram: one box per step in order, each with what it does and
// where it leads (its branches named). Read only: flows are edited through the API for now.

const TYPE_LABEL: Record<string, string> = {
  MESSAGE: 'Message', TEMPLATE: 'Template', QUESTION: 'Question', MENU: 'Menu', CONDITIONAL: 'Condition', ACTION: 'HTTP request',
  DELAY: 'Delay', TAG: 'Tag', CONTACT_UPDATE: 'Update contact', CONVERSATION: 'Hand over to agents', GO_TO: 'Go to', TRIGGER_FLOW: 'Start another flow',
  END: 'End',
};

function summary(s: FlowStep): ReactNode {
  switch (s.step_type) {
    case 'MESSAGE': case 'QUESTION': case 'MENU': return s.body;
    case 'TEMPLATE': return s.chat_template ? <TemplateName id={s.chat_template} variables={s.template_variables} /> : 'No template chosen';
    case 'CONDITIONAL': return s.conditions.map((c) => `${c.field} ${c.comparison} ${c.value}`).join(' and ');
    case 'ACTION': return `${s.action_request_method} ${s.action_request_url}`;
    case 'DELAY': return s.delay_type === 'UNTIL' ? `Until ${s.delay_until}` : s.delay_type === 'TIME_WINDOW' ? 'Until inside the time windows' : s.delay_type === 'WORKING_HOURS' ? 'Until inside working hours' : `${s.delay_amount} ${s.delay_unit.toLowerCase()}(s)`;
    case 'TAG': return [...s.contact_tags.map((t) => `contact: ${t}`), ...s.conversation_tags.map((t) => `conversation: ${t}`)].join(', ');
    case 'CONTACT_UPDATE': return Object.entries(s.contact_update_fields).map(([k, v]) => `${k} = ${v}`).join(', ');
    case 'CONVERSATION': return <Assignees ids={s.assign_to_users} team={s.assign_to_team} />;
    case 'TRIGGER_FLOW': return s.trigger_flow ? <FlowName id={s.trigger_flow} /> : '';
    default: return '';
  }
}

function branches(s: FlowStep): [string, number | null][] {
  const out: [string, number | null][] = [];
  if (s.step_type === 'MENU' || ((s.step_type === 'QUESTION' || s.step_type === 'TEMPLATE') && s.next_steps_for_options_idx.length)) {
    s.answer_options.forEach((o, i) => out.push([`“${o}”`, s.next_steps_for_options_idx[i] ?? s.next_step_default_idx]));
  }
  if (s.step_type === 'CONDITIONAL') return [['then', s.next_step_default_idx], ['otherwise', s.next_step_alternate_idx]];
  if (s.step_type === 'ACTION') return [['2xx', s.next_step_default_idx], ['error or timeout', s.next_step_alternate_idx]];
  if (['END', 'CONVERSATION', 'TRIGGER_FLOW'].includes(s.step_type)) return out;
  if (s.step_type !== 'MENU') out.push([out.length ? 'otherwise' : 'next', s.next_step_default_idx]);
  if (s.step_type === 'QUESTION' && s.has_max_wait_time) out.push([`no answer in ${s.max_wait_time_amount} ${s.max_wait_time_unit.toLowerCase()}(s)`, s.next_step_alternate_idx]);
  if (s.step_type === 'QUESTION' && s.answer_failed_next_step_idx !== null) out.push([`${s.max_answer_attempts} wrong answers`, s.answer_failed_next_step_idx]);
  return out;
}

export function StepDiagram({ steps }: { steps: FlowStep[] }) {
  const label = (idx: number | null) => {
    if (idx === null) return 'end of flow';
    const target = steps.find((x) => x.ordering_idx === idx);
    return target ? `#${idx} ${target.name || TYPE_LABEL[target.step_type]}` : `#${idx}`;
  };
  return (
    <ol className="space-y-3" aria-label="Steps">
      {steps.map((s) => (
        <li key={s.id} id={`step-${s.ordering_idx}`} className="rounded-md border border-slate-200 bg-slate-50 p-3" data-step-type={s.step_type}>
          <div className="flex items-baseline gap-2">
            <span className="font-mono text-xs text-slate-500">#{s.ordering_idx}</span>
            <span className="text-sm font-semibold text-slate-900">{TYPE_LABEL[s.step_type] ?? s.step_type}</span>
            {s.name && <span className="font-mono text-xs text-indigo-700">{s.name}</span>}
            {['QUESTION'].includes(s.step_type) && <span className="text-xs text-slate-500">answer: {s.answer_type}</span>}
          </div>
          {summary(s) && <div className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{summary(s)}</div>}
          {s.answer_options.length > 0 && s.step_type !== 'MENU' && (
            <p className="mt-1 text-xs text-slate-500">Options ({s.answer_options_render}): {s.answer_options.join(' · ')}</p>
          )}
          {s.has_options_from_variable && (
            <p className="mt-1 text-xs text-slate-500">Options ({s.answer_options_render}) from the items of <span className="font-mono">{s.options_from_variable}</span></p>
          )}
          {branches(s).length > 0 && (
            <ul className="mt-2 space-y-0.5 text-xs text-slate-600">
              {branches(s).map(([when, to]) => (
                <li key={when}>
                  <span className="text-slate-500">{when} →</span>{' '}
                  {to === null ? <span>end of flow</span> : <a href={`#step-${to}`} className="text-indigo-700 hover:underline">{label(to)}</a>}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
