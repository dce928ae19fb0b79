'use client';
import { Button } from '@/components/ui/button';
import { useFlowChoices, type DraftStep } from '@/lib/client/flow-builder';
import { localInputToIso, localInputValue, zoneLabel } from '@/lib/client/local-datetime';
import { useMe } from '@/lib/client/me';
import { noOptionsReason, optionsFromVariable, variableList } from '@/lib/flows/engine/variable-options';
import { answerPaths } from '@/lib/flows/variables';
import { Check, Errors, Input, ListInput, MapBox, Select } from './inputs';
import { NextStepsField } from './next-steps-field';
import { ActionTestField } from './action-test-field';
import { useTeams } from '@/lib/client/account';
import { MemberPicker } from './member-picker';
import { MessagePreview } from './message-preview';
import { typeInfo, TONES } from './step-types';
import { TemplateStepFields } from './template-step-fields';
import { nextWindow, TimeWindowsField } from './time-windows-field';
import { VariableField } from './variable-field';

// The selected step's whole form, with the errors the API gives for each field, and a preview of
// the message as the contact will see it.

type Errs = Record<string, string[]>;
/** `tested`: the answers of the ACTION steps' trials, by step name, for the fields of a list's items. */
type Props = {
  flowId: string; step: DraftStep; errors: Errs; suggestions: string[]; tested: Record<string, unknown>; onChange: (patch: Partial<DraftStep>) => void;
  /** Changes the step later (an answer arriving), on the flow as it is then. */
  onChangeLater: (patch: Partial<DraftStep>) => void;
  onDelete: () => void; onClose: () => void;
  /** Makes this step the one every run starts with. */
  onMakeFirst: () => void;
  /** Every step of the flow, and how to link one of this step's branches to one of them (null: nowhere). */
  steps: DraftStep[];
  onConnect: (branch: string, target: number | null) => void;
};

const ANSWER_TYPES = ['ANY', 'FREE_TEXT', 'SINGLE_OPTION', 'NUMBER', 'EMAIL', 'PHONE', 'URL', 'DATE', 'TIME', 'DATETIME', 'BOOL', 'FILE', 'IMAGE', 'LOCATION'] as const;
const RENDERS = [['NUMBERS', 'Numbered text'], ['EMOJIS', 'Emoji numbers'], ['BUTTONS', 'Reply buttons (≤3)'], ['LIST', 'List (≤10)']] as const;
const COMPARISONS = ['exact', '!exact', 'gt', 'gte', 'lt', 'lte', 'isnull', '!isnull', 'icontains', '!icontains'] as const;
const UNITS = ['MINUTE', 'HOUR', 'DAY'] as const;
const DELAYS = [['DURATION', 'For a while'], ['UNTIL', 'Until a time'], ['TIME_WINDOW', 'Until inside time windows'], ['WORKING_HOURS', 'Until inside working hours']] as const;

const flat = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap((x) => (typeof x === 'string' ? [x] : Object.values(x ?? {}).flatMap(flat))) : v && typeof v === 'object' ? Object.values(v).flatMap(flat) : []);

function Options({ step, errors, onChange }: { step: DraftStep; errors: Errs; onChange: Props['onChange'] }) {
  const options = step.answer_options ?? [];
  const set = (next: string[]) => onChange({ answer_options: next });
  return (
    <fieldset>
      <legend className="text-xs font-medium text-slate-700">Options</legend>
      <ol className="mt-1 space-y-1.5">
        {options.map((o, i) => (
          <li key={i} className="flex gap-1.5">
            <input aria-label={`Option ${i + 1}`} value={o} onChange={(e) => set(options.map((x, j) => (j === i ? e.target.value : x)))}
              className="block w-full rounded-md border-0 px-2.5 py-1.5 text-sm shadow-sm ring-1 ring-inset ring-slate-500 focus:ring-2 focus:ring-indigo-600" />
            <button type="button" aria-label={`Remove option ${i + 1}`} onClick={() => onChange({
              answer_options: options.filter((_, j) => j !== i),
              next_steps_for_options_idx: (step.next_steps_for_options_idx ?? []).filter((_, j) => j !== i),
            })} className="rounded-md px-2 text-slate-500 hover:bg-slate-100 hover:text-rose-600">✕</button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => set([...options, `Option ${options.length + 1}`])} className="mt-1.5 text-xs font-medium text-indigo-600 hover:underline">+ Add option</button>
      <Errors errors={[...(errors.answer_options ? flat(errors.answer_options) : []), ...(errors.next_steps_for_options_idx ? flat(errors.next_steps_for_options_idx) : [])]} />
    </fieldset>
  );
}

type TestedOptions = ReturnType<typeof testedOptions>;

/** The options a question from a variable would offer with the tested answers, when a trial gives its list. */
function testedOptions(step: DraftStep, tested: Record<string, unknown>) {
  const fields = {
    options_from_variable: step.options_from_variable ?? '', option_from_variable_title: step.option_from_variable_title ?? '',
    option_from_variable_value: step.option_from_variable_value ?? '', answer_options_render: step.answer_options_render ?? 'NUMBERS',
  } as const;
  const scope = { contact: {}, steps: tested, flowVariables: {} };
  const items = variableList(fields, scope);
  return items.length ? { items, options: optionsFromVariable(fields, scope), reason: noOptionsReason(fields, scope) } : null;
}

/** A QUESTION's options from a list variable (an ACTION's answer, most often), read when it is asked. */
function VariableOptions({ step, errors, suggestions, known, onChange }: { step: DraftStep; errors: Errs; suggestions: string[]; known: TestedOptions; onChange: Props['onChange'] }) {
  const e = (f: string) => flat(errors[f]);
  // The fields of the list's first item, when a trial of the ACTION that gives it is known.
  const fields = known ? answerPaths(known.items[0], '') : [];
  return (
    <fieldset className="space-y-3 rounded-md bg-slate-50 p-2.5">
      <legend className="sr-only">Options from a variable</legend>
      <datalist id="option-item-fields">{fields.map((f) => <option key={f} value={f} />)}</datalist>
      <VariableField label="List variable" value={step.options_from_variable ?? ''} onChange={(v) => onChange({ options_from_variable: v })} suggestions={suggestions}
        placeholder="{{step.lookup.items}}" hint="A list, such as an ACTION's JSON answer: its first 10 items are the options." errors={e('options_from_variable')} />
      <div className="grid grid-cols-2 gap-2">
        <Input label="Title field" list="option-item-fields" value={step.option_from_variable_title ?? ''} placeholder="name" onChange={(v) => onChange({ option_from_variable_title: v })}
          hint="Empty: the item itself." errors={e('option_from_variable_title')} />
        <Input label="Answer field" list="option-item-fields" value={step.option_from_variable_value ?? ''} placeholder="id" onChange={(v) => onChange({ option_from_variable_value: v })}
          hint="Empty: the whole item." errors={e('option_from_variable_value')} />
      </div>
      {known && (known.options.length
        ? <p data-testid="tested-options" className="text-[11px] text-slate-500">With the tested answer: {known.options.map((o) => o.title).join(' · ')}</p>
        : <p data-testid="tested-options" className="text-[11px] font-medium text-rose-700">With the tested answer: {known.reason}{fields.length ? ` Its items have ${fields.join(', ')}.` : ''}</p>)}
      <VariableField label="When the list is empty" value={step.missing_options_message ?? ''} onChange={(v) => onChange({ missing_options_message: v })} suggestions={suggestions}
        hint="Sent instead of the question; the step then takes its failed-answer branch." errors={e('missing_options_message')} />
      <Errors errors={[...e('has_options_from_variable'), ...e('answer_options'), ...e('next_steps_for_options_idx')]} />
    </fieldset>
  );
}

/** A DELAY's end, typed on the account's clock (as the dashboard shows times) and kept as an instant. */
function DelayUntilField({ value, onChange, errors }: { value: string | null; onChange: (v: string | null) => void; errors: string[] }) {
  const timeZone = useMe().data?.account.default_timezone;
  const at = value ? new Date(value) : null;
  const shown = at && !Number.isNaN(at.getTime()) ? localInputValue(at, timeZone) : '';
  return <Input label={`Until (${zoneLabel(timeZone, at ?? undefined)})`} type="datetime-local" value={shown} onChange={(v) => onChange(v ? localInputToIso(v, timeZone) : null)} errors={errors} />;
}

/** A TRIGGER_FLOW step's flow: any other published flow of the account (a draft never published has nothing to run). */
function FlowChoice({ flowId, value, onChange, errors }: { flowId: string; value: string | null; onChange: (id: string | null) => void; errors: string[] }) {
  const flows = useFlowChoices();
  const others = (flows.data ?? []).filter((f) => f.id !== flowId && (f.version > 0 || f.id === value));
  const options: [string, string][] = [
    ['', flows.isPending ? 'Loading flows…' : others.length ? 'Choose a flow' : 'No other published flow yet'],
    ...others.map((f): [string, string] => [f.id, `${f.name} · ${f.execution_type.toLowerCase()}${f.version ? ` · v${f.version}` : ' · never published'}`]),
  ];
  if (value && !others.some((f) => f.id === value)) options.push([value, value === flowId ? 'This flow (it cannot start itself)' : `Unknown flow ${value.slice(0, 8)}…`]);
  return <Select label="Flow to start" value={value ?? ''} options={options} onChange={(v) => onChange(v || null)} errors={errors} />;
}

function Conditions({ step, errors, suggestions, onChange }: { step: DraftStep; errors: Errs; suggestions: string[]; onChange: Props['onChange'] }) {
  const conditions = step.conditions ?? [];
  const set = (next: typeof conditions) => onChange({ conditions: next });
  return (
    <fieldset>
      <legend className="text-xs font-medium text-slate-700">All of these hold (then), else otherwise</legend>
      <datalist id="condition-fields">{suggestions.map((s) => <option key={s} value={s} />)}</datalist>
      <ol className="mt-1 space-y-2">
        {conditions.map((c, i) => (
          <li key={i} className="grid grid-cols-[1fr_auto] gap-1.5 rounded-md bg-slate-50 p-2">
            <Input label="Field" value={c.field} list="condition-fields" placeholder="step.budget" onChange={(v) => set(conditions.map((x, j) => (j === i ? { ...x, field: v } : x)))} />
            <button type="button" aria-label={`Remove condition ${i + 1}`} onClick={() => set(conditions.filter((_, j) => j !== i))} className="self-start rounded-md px-2 text-slate-500 hover:text-rose-600">✕</button>
            <div className="col-span-2 grid grid-cols-2 gap-1.5">
              <Select label="Comparison" value={c.comparison} options={COMPARISONS} onChange={(v) => set(conditions.map((x, j) => (j === i ? { ...x, comparison: v } : x)))} />
              <Input label="Value" value={c.value} onChange={(v) => set(conditions.map((x, j) => (j === i ? { ...x, value: v } : x)))} />
            </div>
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => set([...conditions, { field: '', comparison: 'exact', value: '' }])} className="mt-1.5 text-xs font-medium text-indigo-600 hover:underline">+ Add condition</button>
      <Errors errors={flat(errors.conditions)} />
    </fieldset>
  );
}

export function StepPanel({ flowId, step, errors, suggestions, tested, onChange, onChangeLater, onDelete, onClose, onMakeFirst, steps, onConnect }: Props) {
  const info = typeInfo(step.step_type);
  const e = (f: string) => flat(errors[f]);
  const asks = step.step_type === 'QUESTION' || step.step_type === 'MENU';
  const sends = step.step_type === 'MESSAGE' || asks;
  const fromVariable = step.step_type === 'QUESTION' && !!step.has_options_from_variable;
  const known = fromVariable ? testedOptions(step, tested) : null;
  return (
    <section aria-label="Step settings" className="flex h-full flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <span aria-hidden="true" className={`grid size-7 place-items-center rounded-md ${TONES[info.tone].chip}`}>{info.icon}</span>
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-slate-900">{info.label}</h2>
          <p className="text-xs text-slate-500">{info.help}</p>
        </div>
        <button type="button" onClick={onClose} aria-label="Close step settings" className="ml-auto rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700">✕</button>
      </header>
      <div className="flex-1 space-y-4 overflow-y-auto px-4 py-4">
        {e('non_field_errors').length > 0 && (
          <ul className="space-y-1 rounded-md bg-rose-50 p-2 text-xs text-rose-800">{e('non_field_errors').map((m) => <li key={m}>⚠ {m}</li>)}</ul>
        )}
        <Errors errors={e('step_type')} />
        <Input label="Name" value={step.name ?? ''} onChange={(v) => onChange({ name: v })} errors={e('name')}
          hint={asks || step.step_type === 'ACTION' ? `Its answer is {{step.${step.name || 'name'}}} in later steps.` : 'Optional: letters, digits, _ and -.'} />
        {sends && (
          <VariableField label={asks ? 'Question' : 'Text'} multiline value={step.body ?? ''} onChange={(v) => onChange({ body: v })} suggestions={suggestions} errors={e('body')} />
        )}
        {step.step_type === 'MESSAGE' && (
          <>
            <Select label="Media" value={step.body_type ?? 'text'} options={[['text', 'None'], ['image', 'Image'], ['video', 'Video'], ['audio', 'Audio'], ['document', 'Document']]}
              onChange={(v) => onChange({ body_type: v })} errors={e('body_type')} />
            {step.body_type && step.body_type !== 'text' && (
              <VariableField label="File URL" value={step.body_file_url ?? ''} onChange={(v) => onChange({ body_file_url: v })} suggestions={suggestions} errors={e('body_file_url')} />
            )}
          </>
        )}
        {asks && (
          <>
            {step.step_type === 'QUESTION' && (
              <Select label="Answer type" value={step.answer_type ?? 'ANY'} options={ANSWER_TYPES} onChange={(v) => onChange({ answer_type: v })} errors={e('answer_type')} />
            )}
            {/* Buttons and lists are a SINGLE_OPTION question's: offered here rather than left to be found in the answer types. */}
            {step.step_type === 'QUESTION' && step.answer_type !== 'SINGLE_OPTION' && !(step.answer_options ?? []).length && !step.has_options_from_variable && (
              <button type="button" onClick={() => onChange({ answer_type: 'SINGLE_OPTION', answer_options: ['Option 1'] })}
                className="text-xs font-medium text-indigo-600 hover:underline">+ Offer options to choose from (buttons or a list)</button>
            )}
            {step.step_type === 'QUESTION' && (step.answer_type === 'SINGLE_OPTION' || step.answer_type === 'ANY' || step.has_options_from_variable) && (
              <Check label="Options from a variable" checked={!!step.has_options_from_variable}
                onChange={(v) => onChange(v ? { has_options_from_variable: true, answer_options: [], next_steps_for_options_idx: [] } : { has_options_from_variable: false })} />
            )}
            {fromVariable && (
              <VariableOptions step={step} errors={errors} suggestions={suggestions} known={known} onChange={onChange} />
            )}
            {(step.step_type === 'MENU' || step.answer_type === 'SINGLE_OPTION' || (step.answer_options ?? []).length > 0 || step.has_options_from_variable) && (
              <>
                {!fromVariable && <Options step={step} errors={errors} onChange={onChange} />}
                <Select label="Show options as" value={step.answer_options_render ?? 'NUMBERS'} options={RENDERS} onChange={(v) => onChange({ answer_options_render: v })} />
                {step.answer_options_render === 'LIST' && (
                  <div className="grid grid-cols-2 gap-2">
                    <Input label="List button" value={step.answer_options_render_list_button_title ?? ''} onChange={(v) => onChange({ answer_options_render_list_button_title: v })} errors={e('answer_options_render_list_button_title')} />
                    <Input label="Section title" value={step.answer_options_render_list_section_title ?? ''} onChange={(v) => onChange({ answer_options_render_list_section_title: v })} errors={e('answer_options_render_list_section_title')} />
                  </div>
                )}
              </>
            )}
            <VariableField label="When the answer is not valid" value={step.answer_validation_message ?? ''} onChange={(v) => onChange({ answer_validation_message: v })} suggestions={suggestions} errors={e('answer_validation_message')} />
            <Input label="Attempts" type="number" value={step.max_answer_attempts ?? 3} onChange={(v) => onChange({ max_answer_attempts: Number(v) })} errors={e('max_answer_attempts')} />
            <Check label="Stop waiting after a while (timeout branch)" checked={!!step.has_max_wait_time} onChange={(v) => onChange({ has_max_wait_time: v })} />
            {step.has_max_wait_time && (
              <div className="grid grid-cols-2 gap-2">
                <Input label="Wait" type="number" value={step.max_wait_time_amount ?? 0} onChange={(v) => onChange({ max_wait_time_amount: Number(v) })} errors={e('max_wait_time_amount')} />
                <Select label="Unit" value={step.max_wait_time_unit ?? 'MINUTE'} options={UNITS} onChange={(v) => onChange({ max_wait_time_unit: v })} />
              </div>
            )}
          </>
        )}
        {step.step_type === 'TEMPLATE' && (
          <TemplateStepFields step={step} errors={errors} suggestions={suggestions} onChange={onChange} />
        )}
        {step.step_type === 'CONDITIONAL' && <Conditions step={step} errors={errors} suggestions={suggestions} onChange={onChange} />}
        {step.step_type === 'ACTION' && (
          <>
            <Select label="Method" value={step.action_request_method ?? 'GET'} options={['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const} onChange={(v) => onChange({ action_request_method: v })} />
            <VariableField label="URL" value={step.action_request_url ?? ''} onChange={(v) => onChange({ action_request_url: v })} suggestions={suggestions} errors={e('action_request_url')} />
            <MapBox label="Headers (Name: value per line)" value={step.action_request_headers} sep=":" joiner=": " onChange={(v) => onChange({ action_request_headers: v })} errors={e('action_request_headers')} />
            {step.action_request_method !== 'GET' && (
              <VariableField label="Body" multiline value={step.action_request_body ?? ''} onChange={(v) => onChange({ action_request_body: v })} suggestions={suggestions} errors={e('action_request_body')} />
            )}
            <ActionTestField step={step} onTested={(id) => onChangeLater({ action_test_response_data: id })} />
          </>
        )}
        {step.step_type === 'DELAY' && (
          <>
            <Select label="Wait" value={step.delay_type ?? 'DURATION'} options={DELAYS} errors={e('delay_type')}
              onChange={(v) => onChange(v === 'TIME_WINDOW' && !(step.time_windows ?? []).length ? { delay_type: v, time_windows: [nextWindow([])] } : { delay_type: v })} />
            {(step.delay_type ?? 'DURATION') === 'DURATION' && (
              <div className="grid grid-cols-2 gap-2">
                <Input label="Amount" type="number" value={step.delay_amount ?? 0} onChange={(v) => onChange({ delay_amount: Number(v) })} errors={e('delay_amount')} />
                <Select label="Unit" value={step.delay_unit ?? 'MINUTE'} options={UNITS} onChange={(v) => onChange({ delay_unit: v })} />
              </div>
            )}
            {step.delay_type === 'UNTIL' && (
              <DelayUntilField value={step.delay_until ?? null} onChange={(v) => onChange({ delay_until: v })} errors={e('delay_until')} />
            )}
            {step.delay_type === 'TIME_WINDOW' && <TimeWindowsField value={step.time_windows ?? []} onChange={(v) => onChange({ time_windows: v })} errors={errors.time_windows} />}
            {step.delay_type === 'WORKING_HOURS' && (
              <p className="text-[11px] text-slate-500">Waits until inside the account&apos;s working hours (Settings → Account, on the account&apos;s clock); no wait when the account has them off.</p>
            )}
          </>
        )}
        {step.step_type === 'TAG' && (
          <>
            <ListInput label="Contact tags (comma separated)" value={step.contact_tags ?? []} onChange={(v) => onChange({ contact_tags: v })} errors={e('contact_tags')} />
            <ListInput label="Conversation tags" value={step.conversation_tags ?? []} onChange={(v) => onChange({ conversation_tags: v })} errors={e('conversation_tags')} />
            <Select label="Mode" value={step.tags_mode ?? 'APPEND'} options={[['APPEND', 'Add to the tags'], ['REPLACE', 'Replace the tags']]} onChange={(v) => onChange({ tags_mode: v })} />
          </>
        )}
        {step.step_type === 'CONTACT_UPDATE' && (
          <MapBox label="Fields (field = value per line)" value={step.contact_update_fields} sep="=" joiner=" = " onChange={(v) => onChange({ contact_update_fields: v })}
            errors={e('contact_update_fields')} hint="first_name, last_name, email, external_id, external_url or meta.<key>; values may use variables." />
        )}
        {step.step_type === 'CONVERSATION' && (
          <>
            <TeamChoice value={step.assign_to_team ?? null} onChange={(team) => onChange({ assign_to_team: team })} errors={e('assign_to_team')} />
            <MemberPicker value={step.assign_to_users ?? []} onChange={(ids) => onChange({ assign_to_users: ids })} errors={e('assign_to_users')} />
          </>
        )}
        {step.step_type === 'TRIGGER_FLOW' && (
          <FlowChoice flowId={flowId} value={step.trigger_flow ?? null} onChange={(id) => onChange({ trigger_flow: id })} errors={e('trigger_flow')} />
        )}
        {['next_step_default_idx', 'next_step_alternate_idx', 'answer_failed_next_step_idx'].flatMap((f) => e(f)).length > 0 && (
          <div><p className="text-xs font-medium text-slate-700">Branches</p><Errors errors={['next_step_default_idx', 'next_step_alternate_idx', 'answer_failed_next_step_idx'].flatMap((f) => e(f))} /></div>
        )}
        {sends && (
          <div>
            <p className="mb-1 text-xs font-medium text-slate-700">Preview</p>
            <MessagePreview step={step} options={known?.options.map((o) => o.title)} />
          </div>
        )}
        <NextStepsField step={step} steps={steps} onConnect={onConnect} />
      </div>
      <footer className="space-y-2 border-t border-slate-200 px-4 py-3">
        {step.ordering_idx !== 0 && <Button variant="secondary" className="w-full" onClick={onMakeFirst}>Make this the first step</Button>}
        <Button variant="secondary" className="w-full !text-rose-700" onClick={onDelete}>Delete step</Button>
      </footer>
    </section>
  );
}

/** The team a hand-over gives the conversation to: its queue, and a member by its strategy. */
function TeamChoice({ value, onChange, errors }: { value: number | null; onChange: (team: number | null) => void; errors: string[] }) {
  const teams = useTeams();
  const options: [string, string][] = [['', 'No team'], ...(teams.data ?? []).map((t): [string, string] => [String(t.id), `${t.name} (${t.assignment_strategy.toLowerCase().replace('_', ' ')})`])];
  if (value !== null && teams.data && !teams.data.some((t) => t.id === value)) options.push([String(value), 'A team that no longer exists']);
  return (
    <div>
      <Select label="Hand to team" value={value === null ? '' : String(value)} options={options}
        onChange={(v) => onChange(v ? Number(v) : null)} errors={errors} />
      <p className="mt-1 text-[11px] text-slate-500">The team&apos;s strategy picks the member, unless members are checked below.</p>
    </div>
  );
}
