'use client';
import type { DraftBody } from '@/lib/client/flow-builder';
import { Check, Errors, Input, ListInput, Select } from './inputs';

// The flow's own settings (shown when no step is selected): name, type, the inbound trigger, the
// execution variables its steps may use, with the problems a publish would name.

export type FlowFields = Omit<DraftBody, 'steps' | 'layout'>;

const flat = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function FlowSettingsPanel({ flow, problems, onChange }: { flow: FlowFields; problems: Record<string, unknown>; onChange: (patch: Partial<FlowFields>) => void }) {
  const e = (f: string) => flat(problems[f]);
  return (
    <section aria-label="Flow settings" className="flex h-full flex-col">
      <header className="border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">Flow settings</h2>
        <p className="text-xs text-slate-500">Select a step to edit it. Drag a step type onto the canvas, or drag from a branch to empty space.</p>
      </header>
      <div className="flex-1 space-y-4 overflow-y-auto px-4 py-4">
        <Errors errors={e('non_field_errors')} />
        <Input label="Flow name" value={flow.name} onChange={(v) => onChange({ name: v })} errors={e('name')} />
        <Select label="Starts" value={flow.execution_type} onChange={(v) => onChange({ execution_type: v })} errors={e('execution_type')}
          options={[['OUTBOUND', 'When you run it for contacts'], ['INBOUND', 'When a contact writes'], ['API', 'From the API']]} />
        {flow.execution_type === 'INBOUND' && (
          <>
            <Select label="Trigger" value={flow.inbound_trigger_with ?? ''} errors={e('inbound_trigger_with')}
              onChange={(v) => onChange({ inbound_trigger_with: (v || null) as FlowFields['inbound_trigger_with'] })}
              options={[['', 'Not chosen'], ['ANY_MESSAGE', 'Any message'], ['TEXT', 'A text message'], ['IMAGE', 'An image'], ['FILE', 'A file']] as const} />
            <Input label="Start message (optional)" value={flow.inbound_start_message} onChange={(v) => onChange({ inbound_start_message: v })}
              errors={e('inbound_start_message')} hint="Only messages containing this start the flow." />
          </>
        )}
        <ListInput label="Execution variables (comma separated)" value={flow.flow_execution_variables} errors={e('flow_execution_variables')}
          onChange={(v) => onChange({ flow_execution_variables: v })}
          hint="Values given when the flow is run: {{flow_execution_variables.<name>}}." />
        <Check label="Active (can be run)" checked={flow.is_active} onChange={(v) => onChange({ is_active: v })} />
      </div>
    </section>
  );
}
