'use client';
import { TemplatePreview } from '@/components/templates/template-preview';
import { preview, variableSlots } from '@/components/templates/template-parts';
import type { DraftStep } from '@/lib/client/flow-builder';
import { useTemplate, useTemplates } from '@/lib/client/templates';
import type { ChatTemplate } from '@/lib/client/types';
import { quickReplies } from '@/lib/templates/variables';
import { Check, Errors, Select } from './inputs';
import { VariableField } from './variable-field';

// A TEMPLATE step's template, chosen among the account's approved ones, with one field per
// variable of the template ({{1}}, {{2}}…, variables offered) and the template as it will be sent.

const PICKER_SIZE = 100;
const flat = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(flat) : v && typeof v === 'object' ? Object.values(v).flatMap(flat) : []);

/** The approved templates the pickers offer; the nodes read the same list for the names they show. */
export function useApprovedTemplates() {
  return useTemplates({ search: '', category: '', status: 'approved', channel: null, page: 1 }, PICKER_SIZE);
}

/** The step's template: from the list, else fetched on its own (not approved any more, or past the list). */
export function useStepTemplate(id: string | null | undefined): ChatTemplate | null {
  const list = useApprovedTemplates();
  const listed = id ? list.data?.results.find((t) => t.id === id) : undefined;
  const single = useTemplate(id ?? '', !!id && !!list.data && !listed);
  return listed ?? (single.data && single.data.id === id ? single.data : null);
}

export const templateLabel = (t: ChatTemplate) => `${t.name} · ${t.language} · ${t.channel.name}`;

export function TemplateStepFields({ step, errors, suggestions, onChange }: {
  step: DraftStep; errors: Record<string, unknown>; suggestions: string[]; onChange: (patch: Partial<DraftStep>) => void;
}) {
  const list = useApprovedTemplates();
  const chosen = useStepTemplate(step.chat_template);
  const approved = list.data?.results ?? [];
  const values = step.template_variables ?? [];
  const slots = chosen ? variableSlots(chosen.components) : [];
  const choose = (id: string) => {
    const t = approved.find((x) => x.id === id);
    const n = t ? variableSlots(t.components).length : 0;
    // Another template has other buttons: its taps are chosen again.
    onChange({ chat_template: id || null, template_variables: Array.from({ length: n }, (_, i) => values[i] ?? ''), answer_options: [], next_steps_for_options_idx: [] });
  };
  const buttons = chosen ? quickReplies(chosen.components) : [];
  const waits = (step.answer_options ?? []).length > 0;
  const options: [string, string][] = [
    ['', list.isPending ? 'Loading templates…' : approved.length ? 'Choose an approved template' : 'No approved templates yet'],
    ...approved.map((t): [string, string] => [t.id, templateLabel(t)]),
  ];
  if (step.chat_template && !approved.some((t) => t.id === step.chat_template)) {
    options.push([step.chat_template, chosen ? `${templateLabel(chosen)} (${chosen.status})` : `Unknown template ${step.chat_template.slice(0, 8)}…`]);
  }
  const variableErrors = (errors.template_variables ?? {}) as Record<string, unknown> | string[];
  return (
    <>
      <Select label="Template" value={step.chat_template ?? ''} options={options} onChange={choose} errors={flat(errors.chat_template)} />
      {chosen && (
        <fieldset className="space-y-3">
          <legend className="text-xs font-medium text-slate-700">
            {slots.length ? 'Variables' : 'This template has no variables.'}
          </legend>
          {slots.map((slot) => (
            <VariableField key={slot.index} label={`{{${slot.index + 1}}}`} note={slot.part} value={values[slot.index] ?? ''} suggestions={suggestions}
              errors={Array.isArray(variableErrors) ? [] : flat(variableErrors[slot.index])}
              onChange={(v) => onChange({ template_variables: slots.map((s) => (s.index === slot.index ? v : values[s.index] ?? '')) })} />
          ))}
          {Array.isArray(variableErrors) && <Errors errors={variableErrors} />}
        </fieldset>
      )}
      {buttons.length > 0 && (
        <div className="space-y-1">
          <Check label="Wait for a tap on a quick-reply button (a branch each)" checked={waits}
            onChange={(on) => onChange(on
              ? { answer_options: buttons, next_steps_for_options_idx: buttons.map(() => null) as unknown as number[] }
              : { answer_options: [], next_steps_for_options_idx: [] })} />
          <p className="text-[11px] text-slate-500">
            {waits
              ? `Each of ${buttons.map((b) => `“${b}”`).join(', ')} leads where its branch goes; any other reply takes “other answer”. The tapped text is {{step.${step.name || 'name'}}}. With no answer in 24 hours the contact's flow expires.`
              : 'Without it, the flow goes on as soon as the template is sent.'}
          </p>
          <Errors errors={flat(errors.answer_options)} />
        </div>
      )}
      {chosen && (
        <div>
          <p className="mb-1 text-xs font-medium text-slate-700">Preview</p>
          <div aria-label="Template preview"><TemplatePreview preview={preview(chosen.components, values)} /></div>
        </div>
      )}
    </>
  );
}
