'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextArea, TextField } from '@/components/ui/text-field';
import type { DrfBody } from '@/lib/client/api-fetch';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useRunFlow, type RunBody } from '@/lib/client/flows';
import { localInputToIso, zoneLabel } from '@/lib/client/local-datetime';
import { useMe } from '@/lib/client/me';
import type { Flow, FlowExecution } from '@/lib/client/types';
import { ContactFilters, type FilterRow } from './contact-filters';
import { CsvContacts } from './csv-contacts';

// Starting an execution from the dashboard: for pasted phone numbers, the contacts of a CSV
// upload, contacts matching filters (with a live count), or everyone; now or at a time; with the
// flow's variables.

type Target = 'LIST' | 'FILE' | 'FILTERS' | 'ALL';
const TARGETS: [Target, string][] = [['LIST', 'Phone numbers'], ['FILE', 'A CSV file'], ['FILTERS', 'Contacts matching filters'], ['ALL', 'All contacts']];

/** The API's errors about pasted numbers, each naming the number (its place among them, and as written). */
function phoneErrors(body: DrfBody | null, sent: string[], none: boolean): string[] {
  if (none) return ['Enter at least one phone number.'];
  const node = body?.contact_lists as unknown[] | Record<string, unknown> | undefined;
  const first = (Array.isArray(node) ? node[0] : node?.['0']) as { contact_list?: Record<string, unknown> } | string | undefined;
  const entries = first && typeof first === 'object' ? first.contact_list : null;
  if (!entries || typeof entries !== 'object') return messagesAt(body, ['contact_lists']);
  return Object.entries(entries).flatMap(([i, errors]) =>
    messagesAt(errors, []).map((m) => `Number ${Number(i) + 1}${sent[Number(i)] ? ` (${sent[Number(i)]})` : ''}: ${m}`));
}

/** The flow's trigger in words, as the execution started here listens for it. */
function listensFor(flow: Flow): string {
  switch (flow.inbound_trigger_with) {
    case 'TEXT': return flow.inbound_start_message ? `a text message containing "${flow.inbound_start_message}"` : 'a text message';
    case 'IMAGE': return 'an image';
    case 'FILE': return 'a file';
    default: return 'any message';
  }
}

export function RunFlowForm({ flow, onStarted }: { flow: Flow; onStarted: (e: FlowExecution) => void }) {
  const run = useRunFlow(flow.id);
  const [target, setTarget] = useState<Target>('LIST');
  const [phones, setPhones] = useState('');
  const [upload, setUpload] = useState<{ id: string; ready: boolean } | null>(null);
  const [filters, setFilters] = useState<FilterRow[]>([{ field: 'tags', comparison: 'exact', value: '' }]);
  const [startOn, setStartOn] = useState('');
  const [priority, setPriority] = useState(false);
  const [variables, setVariables] = useState<Record<string, string>>({});
  const inbound = flow.execution_type === 'INBOUND';
  // The numbers as sent, so that the API's errors (by position) name the line they came from.
  const [sent, setSent] = useState<string[]>([]);
  const [noPhones, setNoPhones] = useState(false);
  // "Start at" is a time in the account's zone, as every time entered in the dashboard is.
  const timeZone = useMe().data?.account.default_timezone;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const list = phones.split(/[\n,;]+/).map((p) => p.trim()).filter(Boolean);
    setNoPhones(!inbound && target === 'LIST' && !list.length);
    if (!inbound && target === 'LIST' && !list.length) return;
    setSent(list);
    const body: RunBody = {
      execute_for: inbound ? 'ALL' : target === 'FILE' ? 'LIST' : target,
      flow_execution_variables: variables,
      start_on: startOn ? localInputToIso(startOn, timeZone) ?? startOn : null,
      has_priority: priority,
      ...(target === 'LIST' && !inbound ? { contact_lists: [{ source: 'LIST', contact_list: list.map((phone) => ({ phone })) }] } : {}),
      ...(target === 'FILE' && !inbound && upload ? { contact_lists: [{ source: 'FILE', contact_file: { upload_group_id: upload.id } }] } : {}),
      ...(target === 'FILTERS' && !inbound ? { contact_filters: filters.filter((f) => f.field.trim()) } : {}),
    };
    run.mutate(body, { onSuccess: onStarted });
  };
  const body = errorBody(run.error);
  const listErrors = target === 'LIST' ? phoneErrors(body, sent, noPhones) : messagesAt(body, ['contact_lists']);
  const waitingForUpload = target === 'FILE' && !inbound && !upload?.ready;

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Run this flow">
      {inbound ? (
        <p className="text-sm text-slate-600" data-testid="listens-for">
          An inbound flow listens: once started, {listensFor(flow)} starts it for that contact. A contact whose conversation
          is open in the inbox (New or In progress) is left to the agents until it is resolved.
        </p>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Run it for</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 text-sm">
            {TARGETS.map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="target" value={value} checked={target === value} onChange={() => { setTarget(value); run.reset(); }} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {!inbound && target === 'LIST' && (
        <TextArea label="Phone numbers" hint="One per line (or separated by commas)." rows={4} value={phones}
          onChange={(e) => { setPhones(e.target.value); setNoPhones(false); }} errors={listErrors} />
      )}
      {!inbound && target === 'FILE' && <CsvContacts onChange={setUpload} errors={listErrors} />}
      {!inbound && target === 'FILTERS' && <ContactFilters rows={filters} onChange={setFilters} errors={body} />}
      {flow.flow_execution_variables.map((name) => (
        <TextField key={name} label={`Variable ${name}`} value={variables[name] ?? ''}
          onChange={(e) => setVariables((v) => ({ ...v, [name]: e.target.value }))} />
      ))}
      <TextField label="Start at (optional)" type="datetime-local" value={startOn} onChange={(e) => setStartOn(e.target.value)}
        hint={`In the account's time zone (${zoneLabel(timeZone, new Date(localInputToIso(startOn, timeZone) ?? Date.now()))}); empty starts it now.`}
        errors={messagesAt(body, ['start_on'])} />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={priority} onChange={(e) => setPriority(e.target.checked)} />
        Take over contacts in another flow (otherwise they are skipped, as are contacts talking with an agent)
      </label>
      <FormAlert messages={topMessages(body, ['contact_lists', 'contact_filters', 'start_on'])} />
      <Button type="submit" disabled={run.isPending || waitingForUpload}>{run.isPending ? 'Starting…' : 'Start execution'}</Button>
    </form>
  );
}
