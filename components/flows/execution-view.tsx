'use client';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DateTime } from '@/components/ui/date-time';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { inputClass } from '@/components/ui/text-field';
import { Table, Td, Th } from '@/components/ui/table';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { FLOW_CONTACTS_PAGE_SIZE, useControlExecution, useExecution, useExecutionContacts, useExecutionStepStats } from '@/lib/client/flows';
import type { FlowExecution } from '@/lib/client/types';
import { CONTACT_STATUSES, ContactStatusBadge, ExecutionStatusBadge, contactStatusLabel } from './flow-badges';

const fmt = new Intl.NumberFormat('en-US');
/** Whether the execution may still move (its counters are polled). */
const isLive = (e: FlowExecution) => ['PROCESSING', 'READY', 'RUNNING', 'PAUSED'].includes(e.status);

/** The counters as a funnel: every contact, how many are in it, through it, and out early. */
function Funnel({ e }: { e: FlowExecution }) {
  const total = e.pending + e.active + e.completed + e.expired + e.failed + e.canceled;
  // Started: those that reached the first step, canceled ones that had started included; the
  // counters alone cannot tell a contact canceled mid-flow from one skipped before it started.
  const stats = useExecutionStepStats(e.id, isLive(e));
  const first = stats.data?.results.find((r) => r.step.ordering_idx === 0);
  const rows: [string, number, string][] = [
    ['Contacts', total, 'bg-slate-400'], ['Started', first ? first.reached : total - e.pending - e.canceled, 'bg-indigo-400'], ['Completed', e.completed, 'bg-emerald-500'],
  ];
  const out: [string, number][] = [['Waiting to start', e.pending], ['In the flow', e.active], ['Expired', e.expired], ['Failed', e.failed], ['Canceled or skipped', e.canceled]];
  return (
    <div className="space-y-3">
      {rows.map(([label, n, color]) => (
        <div key={label}>
          <div className="flex justify-between text-sm"><span className="text-slate-600">{label}</span><span className="tabular-nums font-medium" data-counter={label}>{fmt.format(n)}</span></div>
          <div className="mt-1 h-2 rounded bg-slate-100"><div className={`h-2 rounded ${color}`} style={{ width: `${total ? (100 * n) / total : 0}%` }} /></div>
        </div>
      ))}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 pt-2 text-xs sm:grid-cols-3">
        {out.map(([label, n]) => (
          <div key={label} className="flex justify-between gap-2"><dt className="text-slate-500">{label}</dt><dd className="tabular-nums" data-counter={label}>{fmt.format(n)}</dd></div>
        ))}
      </dl>
    </div>
  );
}

/** Per step: how many contacts reached it (the bar), are waiting at it, and left the flow there. */
function DropOff({ e }: { e: FlowExecution }) {
  const stats = useExecutionStepStats(e.id, isLive(e));
  if (stats.isPending) return <LoadingState />;
  if (stats.isError) return <ErrorState error={stats.error} />;
  const rows = stats.data.results;
  const top = Math.max(1, ...rows.map((r) => r.reached));
  return (
    <ol aria-label="Per-step drop-off" className="space-y-2.5">
      {rows.map((r) => (
        <li key={r.step.id} data-step={r.step.ordering_idx} className="grid grid-cols-[minmax(8rem,14rem)_1fr_auto] items-center gap-3 text-sm">
          <span className="truncate text-slate-700"><span className="tabular-nums text-slate-500">#{r.step.ordering_idx}</span> {r.step.name || r.step.step_type.toLowerCase().replace('_', ' ')}</span>
          <div className="h-2.5 rounded bg-slate-100" title={`${r.reached} reached`}>
            <div className="flex h-2.5 overflow-hidden rounded" style={{ width: `${(100 * r.reached) / top}%` }}>
              <div className="bg-indigo-400" style={{ flexGrow: Math.max(0, r.reached - r.here - r.dropped) }} />
              <div className="bg-amber-400" style={{ flexGrow: r.here }} />
              <div className="bg-rose-400" style={{ flexGrow: r.dropped }} />
            </div>
          </div>
          <span className="whitespace-nowrap text-xs text-slate-500">
            <span className="font-medium tabular-nums text-slate-900" data-reached>{fmt.format(r.reached)}</span> reached
            {r.here > 0 && <> · <span className="tabular-nums text-amber-700" data-here>{fmt.format(r.here)}</span> here</>}
            {r.dropped > 0 && <> · <span className="tabular-nums text-rose-700" data-dropped>{fmt.format(r.dropped)}</span> left</>}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Controls({ e }: { e: FlowExecution }) {
  const control = useControlExecution(e.id);
  const busy = control.isPending;
  const live = isLive(e);
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex gap-2">
        {live && e.status !== 'PAUSED' && <Button variant="secondary" disabled={busy} onClick={() => control.mutate('pause')}>Pause</Button>}
        {e.status === 'PAUSED' && <Button disabled={busy} onClick={() => control.mutate('resume')}>Resume</Button>}
        {live && (
          <ConfirmButton variant="danger" title="Cancel this execution?" confirmLabel="Cancel execution" dismissLabel="Keep it" disabled={busy}
            onConfirm={() => control.mutate('cancel')} body={<>Every contact still in the flow leaves it. This cannot be undone.</>}>
            Cancel execution
          </ConfirmButton>
        )}
      </div>
      <FormAlert messages={topMessages(errorBody(control.error), [])} />
    </div>
  );
}

function Contacts({ e }: { e: FlowExecution }) {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const live = isLive(e);
  const contacts = useExecutionContacts(e.id, { status, page }, live);
  return (
    <Card flush>
      <div className="flex items-center gap-3 border-b border-slate-200 p-4">
        <h2 className="text-sm font-semibold text-slate-900">Contacts</h2>
        <div className="ml-auto w-48">
          <label htmlFor="contact-status" className="sr-only">Status</label>
          <select id="contact-status" value={status} onChange={(x) => { setStatus(x.target.value); setPage(1); }} className={inputClass}>
            <option value="">All statuses</option>
            {CONTACT_STATUSES.map((s) => <option key={s} value={s}>{contactStatusLabel(s)}</option>)}
          </select>
        </div>
      </div>
      {contacts.isPending ? <LoadingState /> : contacts.isError ? <div className="p-4"><ErrorState error={contacts.error} /></div>
        : !contacts.data.results.length ? <EmptyState title="No contacts here" /> : (
          <>
            <Table label="Execution contacts">
              <thead><tr><Th>Contact</Th><Th>Status</Th><Th>At step</Th><Th>Reason</Th><Th>Updated</Th></tr></thead>
              <tbody className="divide-y divide-slate-100">
                {contacts.data.results.map((c) => (
                  <tr key={c.id} className="hover:bg-slate-50">
                    <Td>
                      <Link href={`/flows/execution-contacts/${c.id}`} className="font-medium text-indigo-700 hover:underline">
                        {[c.contact.first_name, c.contact.last_name].filter(Boolean).join(' ') || c.contact.canonical_phone}
                      </Link>
                      <p className="font-mono text-xs text-slate-500">{c.contact.canonical_phone}</p>
                    </Td>
                    <Td><ContactStatusBadge status={c.status} />{c.waiting && <p className="mt-1 text-xs text-slate-500">{c.waiting === 'ANSWER' ? 'Waiting for an answer' : c.waiting === 'ACTION' ? 'Waiting for an HTTP answer' : 'In a delay'}</p>}</Td>
                    <Td className="tabular-nums">{c.current_step_idx === null ? '—' : `#${c.current_step_idx}`}</Td>
                    <Td className="whitespace-normal text-xs">{c.reason}</Td>
                    <Td><DateTime value={c.updated_on} /></Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pager label="Contacts pagination" noun="contacts" page={page} pageSize={FLOW_CONTACTS_PAGE_SIZE} count={contacts.data.count}
              hasPrevious={!!contacts.data.previous} hasNext={!!contacts.data.next} onPage={setPage} />
          </>
        )}
    </Card>
  );
}

export function ExecutionView({ id }: { id: string }) {
  const execution = useExecution(id);
  if (execution.isPending) return <LoadingState />;
  if (execution.isError) return <ErrorState error={execution.error} onRetry={() => execution.refetch()} />;
  const e = execution.data;
  return (
    <>
      <PageHeader title={<>{e.flow.name} <span className="align-middle"><ExecutionStatusBadge status={e.status} /></span></>}
        back={<Link href={`/flows/${e.flow.id}`} className="text-indigo-700 hover:underline">← {e.flow.name}</Link>}
        description={<>{e.version < 0 ? 'A try of the draft' : `Execution of version ${e.version}`} · {e.start_on ? <>starts <DateTime value={e.start_on} /></> : <>created <DateTime value={e.created_on} /></>}{e.status_reason ? ` · ${e.status_reason}` : ''}</>}
        actions={<Controls e={e} />} />
      <div className="space-y-6">
        <Card title="Progress"><Funnel e={e} /></Card>
        <Card title="Steps"><DropOff e={e} /></Card>
        <Contacts e={e} />
      </div>
    </>
  );
}
