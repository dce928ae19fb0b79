'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextArea, TextField } from '@/components/ui/text-field';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useRunFlow, type RunBody } from '@/lib/client/flows';
import type { Flow, FlowExecution } from '@/lib/client/types';

// Starting an execution from the dashboard: for pasted phone numbers, contacts with a tag, or
// everyone; now or at a time; with the flow's variables.

type Target = 'LIST' | 'TAG' | 'ALL';

export function RunFlowForm({ flow, onStarted }: { flow: Flow; onStarted: (e: FlowExecution) => void }) {
  const run = useRunFlow(flow.id);
  const [target, setTarget] = useState<Target>('LIST');
  const [phones, setPhones] = useState('');
  const [tag, setTag] = useState('');
  const [startOn, setStartOn] = useState('');
  const [priority, setPriority] = useState(false);
  const [variables, setVariables] = useState<Record<string, string>>({});
  const inbound = flow.execution_type === 'INBOUND';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const list = phones.split(/[\n,;]+/).map((p) => p.trim()).filter(Boolean);
    const body: RunBody = {
      execute_for: inbound ? 'ALL' : target === 'TAG' ? 'FILTERS' : target,
      flow_execution_variables: variables,
      start_on: startOn ? new Date(startOn).toISOString() : null,
      has_priority: priority,
      ...(target === 'LIST' && !inbound ? { contact_lists: [{ source: 'LIST', contact_list: list.map((phone) => ({ phone })) }] } : {}),
      ...(target === 'TAG' && !inbound ? { contact_filters: [{ field: 'tags', comparison: 'exact', value: tag.trim() }] } : {}),
    };
    run.mutate(body, { onSuccess: onStarted });
  };
  const body = errorBody(run.error);
  const listErrors = messagesAt(body, ['contact_lists']);

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Run this flow">
      {inbound ? (
        <p className="text-sm text-slate-600">An inbound flow listens: once started, a contact&apos;s message starts it for that contact.</p>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Run it for</legend>
          <div className="mt-2 flex flex-wrap gap-4 text-sm">
            {([['LIST', 'Phone numbers'], ['TAG', 'Contacts with a tag'], ['ALL', 'All contacts']] as const).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="target" value={value} checked={target === value} onChange={() => setTarget(value)} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {!inbound && target === 'LIST' && (
        <TextArea label="Phone numbers" hint="One per line (or separated by commas)." rows={4} value={phones}
          onChange={(e) => setPhones(e.target.value)} errors={listErrors} />
      )}
      {!inbound && target === 'TAG' && (
        <TextField label="Tag" value={tag} onChange={(e) => setTag(e.target.value)} errors={messagesAt(body, ['contact_filters'])} />
      )}
      {flow.flow_execution_variables.map((name) => (
        <TextField key={name} label={`Variable ${name}`} value={variables[name] ?? ''}
          onChange={(e) => setVariables((v) => ({ ...v, [name]: e.target.value }))} />
      ))}
      <TextField label="Start at (optional)" type="datetime-local" value={startOn} onChange={(e) => setStartOn(e.target.value)}
        errors={messagesAt(body, ['start_on'])} />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={priority} onChange={(e) => setPriority(e.target.checked)} />
        Take over contacts in another flow (otherwise they are skipped, as are contacts talking with an agent)
      </label>
      <FormAlert messages={topMessages(body, ['contact_lists', 'contact_filters', 'start_on'])} />
      <Button type="submit" disabled={run.isPending}>{run.isPending ? 'Starting…' : 'Start execution'}</Button>
    </form>
  );
}
