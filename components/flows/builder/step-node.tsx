'use client';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { DraftStep } from '@/lib/client/flow-builder';
import { localInputValue, zoneLabel } from '@/lib/client/local-datetime';
import { useMe } from '@/lib/client/me';
import { Assignees, FlowName, TemplateName } from '../step-references';
import { branches, fieldBranch, TONES, typeInfo } from './step-types';
import { windowsSummary } from './time-windows-field';

// A step on the canvas: its type and name, its essentials (text, options, conditions, request,
// delay…), its problems, what a test run did there, and a labelled handle per branch.

export type RunMark = { state: 'done' | 'current' | 'failed'; answer?: string };
export type StepNodeData = {
  step: DraftStep; problems: string[]; problemBranches: Set<string>; isStart: boolean; run?: RunMark;
  /** A GO_TO's target as a person reads it (its edge may be drawn across other steps). */
  goesTo?: string;
};
export type StepFlowNode = Node<StepNodeData, 'step'>;

const trim = (t: string, n = 90) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);

function Essentials({ s, goesTo }: { s: DraftStep; goesTo?: string }) {
  const line = (t: string) => <p className="text-xs text-slate-600">{t}</p>;
  switch (s.step_type) {
    case 'MESSAGE':
    case 'QUESTION':
    case 'MENU':
      return (
        <>
          {s.body ? <p className="whitespace-pre-wrap break-words text-xs text-slate-800">{trim(s.body)}</p> : <p className="text-xs italic text-slate-500">No text yet</p>}
          {s.body_type && s.body_type !== 'text' && line(`+ ${s.body_type}`)}
          {s.step_type !== 'MESSAGE' && line(`Answer: ${s.answer_type ?? 'ANY'}${(s.answer_options ?? []).length ? ` · ${s.answer_options!.length} option${s.answer_options!.length === 1 ? '' : 's'} as ${(s.answer_options_render ?? 'NUMBERS').toLowerCase()}` : ''}`)}
          {s.step_type === 'QUESTION' && s.has_options_from_variable && line(`Options from ${s.options_from_variable || 'a variable (not chosen)'}`)}
        </>
      );
    case 'TEMPLATE':
      return s.chat_template ? <TemplateName id={s.chat_template} /> : line('No template chosen');
    case 'CONDITIONAL':
      return (
        <ul className="space-y-0.5">
          {(s.conditions ?? []).map((c, i) => <li key={i} className="truncate font-mono text-[11px] text-slate-700">{c.field || '…'} {c.comparison} {c.value}</li>)}
          {!(s.conditions ?? []).length && <li className="text-xs italic text-slate-500">No condition yet</li>}
        </ul>
      );
    case 'ACTION':
      return <p className="truncate font-mono text-[11px] text-slate-700"><span className="font-semibold">{s.action_request_method ?? 'GET'}</span> {s.action_request_url}</p>;
    case 'DELAY':
      return <DelaySummary s={s} />;
    case 'TAG':
      return line(`${s.tags_mode === 'REPLACE' ? 'Set' : 'Add'} ${[...(s.contact_tags ?? []), ...(s.conversation_tags ?? [])].join(', ') || '…'}`);
    case 'CONTACT_UPDATE':
      return line(Object.keys(s.contact_update_fields ?? {}).join(', ') || 'No field yet');
    case 'CONVERSATION':
      return <Assignees ids={s.assign_to_users ?? []} team={s.assign_to_team ?? null} />;
    case 'TRIGGER_FLOW':
      return s.trigger_flow ? <FlowName id={s.trigger_flow} /> : line('No flow chosen');
    case 'GO_TO':
      return line(goesTo ? `Goes to ${goesTo}` : 'Not connected yet: connect it to the step to go to');
    default:
      return line('The flow ends here');
  }
}

/** A DELAY's wait, with its times on the account's clock, as the engine reads them. */
function DelaySummary({ s }: { s: DraftStep }) {
  const timeZone = useMe().data?.account.default_timezone;
  const line = (t: string) => <p className="text-xs text-slate-600">{t}</p>;
  if (s.delay_type === 'TIME_WINDOW') {
    const lines = windowsSummary(s.time_windows ?? []);
    if (!lines.length) return line('Until inside time windows: none yet');
    return (
      <div data-time-windows className="text-xs text-slate-600">
        <p>Until inside ({zoneLabel(timeZone)}):</p>
        {lines.slice(0, 3).map((l) => <p key={l} className="truncate font-mono text-[11px] text-slate-700">{l}</p>)}
        {lines.length > 3 && <p className="text-[11px]">and {lines.length - 3} more</p>}
      </div>
    );
  }
  if (s.delay_type === 'WORKING_HOURS') return line('Until inside the working hours');
  if (s.delay_type === 'UNTIL') {
    const until = s.delay_until ? new Date(s.delay_until) : null;
    return line(until && !Number.isNaN(until.getTime()) ? `Until ${localInputValue(until, timeZone).replace('T', ' ')} (${zoneLabel(timeZone, until)})` : 'Until …');
  }
  return line(`Wait ${s.delay_amount ?? 0} ${(s.delay_unit ?? 'MINUTE').toLowerCase()}(s)`);
}

function StepNodeView({ data, selected }: NodeProps<StepFlowNode>) {
  const { step: s, problems, problemBranches, run, isStart, goesTo } = data;
  const info = typeInfo(s.step_type);
  const tone = TONES[info.tone];
  const outs = branches(s);
  const ring = run?.state === 'current' ? 'ring-4 ring-indigo-400 animate-pulse' : run?.state === 'done' ? 'ring-4 ring-emerald-400'
    : run?.state === 'failed' ? 'ring-4 ring-rose-400' : selected ? 'ring-2 ring-indigo-500' : problems.length ? 'ring-2 ring-rose-300' : 'ring-1 ring-slate-200';
  return (
    <div data-step-node={s.ordering_idx} data-step-type={s.step_type} data-run={run?.state ?? ''} data-problems={problems.length}
      className={`w-[264px] rounded-xl bg-white shadow-md ${ring}`}>
      <Handle type="target" position={Position.Top} className="!h-3 !w-3 !border-2 !border-white !bg-slate-400" />
      <div className={`h-1 rounded-t-xl ${tone.bar}`} />
      <div className="flex items-center gap-2 px-3 pt-2">
        <span aria-hidden="true" className={`grid size-6 place-items-center rounded-md text-xs ${tone.chip}`}>{info.icon}</span>
        <span className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">{info.label}</span>
        {s.name && <span className="ml-auto truncate font-mono text-[11px] text-slate-500">{s.name}</span>}
        {isStart && <span className="ml-auto rounded-full bg-indigo-600 px-1.5 text-[10px] font-semibold text-white">START</span>}
      </div>
      <div className="space-y-1 px-3 pb-2 pt-1.5"><Essentials s={s} goesTo={goesTo} /></div>
      {run?.answer !== undefined && (
        <p data-run-answer className="mx-3 mb-2 rounded-md bg-emerald-50 px-2 py-1 text-xs text-emerald-800">Answer: <strong>{run.answer}</strong></p>
      )}
      {problems.length > 0 && (
        <ul aria-label="Problems" className="mx-3 mb-2 space-y-0.5 rounded-md bg-rose-50 px-2 py-1.5 text-[11px] leading-snug text-rose-800">
          {problems.slice(0, 3).map((p) => <li key={p}>⚠ {p}</li>)}
          {problems.length > 3 && <li>and {problems.length - 3} more</li>}
        </ul>
      )}
      {outs.length > 0 && (
        <div className="flex border-t border-slate-100">
          {outs.map((b) => (
            <div key={b.id} className="relative flex min-w-0 flex-1 justify-center px-1 pb-2.5 pt-1">
              <span className={`truncate text-[10px] font-medium ${problemBranches.has(b.id) ? 'text-rose-600' : 'text-slate-500'}`} title={b.label}>{b.label}</span>
              <Handle type="source" id={b.id} position={Position.Bottom} aria-label={`${b.label} branch`} data-branch={b.label}
                className={`!h-3 !w-3 !border-2 !border-white ${problemBranches.has(b.id) ? '!bg-rose-500' : '!bg-indigo-500'}`} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

export const StepNode = memo(StepNodeView);
