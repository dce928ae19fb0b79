'use client';
import type { DraftStep } from '@/lib/client/flow-builder';
import { branches, branchTarget, typeInfo } from './step-types';
import { Select } from './inputs';

// Where each of a step's branches leads, chosen from a list: the keyboard's (and a screen reader's)
// way to link steps, beside dragging between handles on the canvas.

function choiceLabel(s: DraftStep): string {
  const text = (s.body ?? '').replace(/\s+/g, ' ').trim();
  return [typeInfo(s.step_type).label, s.name ? `“${s.name}”` : '', text ? `· ${text.length > 32 ? `${text.slice(0, 31)}…` : text}` : '']
    .filter(Boolean).join(' ');
}

export function NextStepsField({ step, steps, onConnect }: {
  step: DraftStep; steps: DraftStep[]; onConnect: (branch: string, target: number | null) => void;
}) {
  const outs = branches(step);
  if (!outs.length) return null;
  const others = steps.filter((s) => s.ordering_idx !== step.ordering_idx);
  const options = [['', 'Nowhere: the flow ends here'] as const, ...others.map((s) => [String(s.ordering_idx), choiceLabel(s)] as const)];
  return (
    <section aria-label="Where it goes next" className="space-y-2">
      <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Where it goes next</h3>
      {outs.map((b) => (
        <Select key={b.id} label={b.label === 'next' ? 'Next step' : `${b.label[0].toUpperCase()}${b.label.slice(1)} goes to`}
          value={String(branchTarget(step, b.id) ?? '')} options={options}
          onChange={(v) => onConnect(b.id, v === '' ? null : Number(v))} />
      ))}
      {step.step_type === 'QUESTION' && step.answer_type === 'SINGLE_OPTION' && (step.answer_options ?? []).length > 0 && (
        <p data-testid="other-answer-hint" className="text-xs text-slate-500">
          “Other answer” takes the options without a branch of their own. A reply that is none of the options gets the
          validation message and the question again; after too many, “failed answer”. To route free replies elsewhere, choose the answer type ANY.
        </p>
      )}
    </section>
  );
}
