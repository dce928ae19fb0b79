'use client';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DateTime } from '@/components/ui/date-time';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { useExecutionContact, useStopExecutionContact } from '@/lib/client/flows';
import { ContactStatusBadge, StepStatusBadge } from './flow-badges';
import { StepResult } from './step-result';

/** One contact's way through a flow: every executed step with its answer, branch, messages and errors. */
export function ExecutionContactView({ id }: { id: string }) {
  const detail = useExecutionContact(id);
  const stop = useStopExecutionContact(id);
  if (detail.isPending) return <LoadingState />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => detail.refetch()} />;
  const c = detail.data;
  const name = [c.contact.first_name, c.contact.last_name].filter(Boolean).join(' ') || c.contact.canonical_phone;
  return (
    <>
      <PageHeader title={<>{name} <span className="align-middle"><ContactStatusBadge status={c.status} /></span></>}
        back={<Link href={`/flows/executions/${c.flow_execution.id}`} className="text-indigo-700 hover:underline">← {c.flow_name} execution</Link>}
        description={<>{c.contact.canonical_phone}{c.reason ? ` · ${c.reason}` : ''}</>}
        actions={c.is_active ? (
          <div className="flex flex-col items-end gap-2">
            <ConfirmButton variant="danger" title="Stop this contact's flow?" confirmLabel="Stop flow" dismissLabel="Keep it"
              disabled={stop.isPending} onConfirm={() => stop.mutate()} body={<>The contact leaves the flow and the conversation goes to the inbox.</>}>
              Stop flow
            </ConfirmButton>
            <FormAlert messages={topMessages(errorBody(stop.error), [])} />
          </div>
        ) : undefined} />
      <Card title="Timeline">
        {c.execution_steps.length === 0 ? <p className="text-sm text-slate-500">No step has run yet.</p> : (
          <ol className="space-y-3" aria-label="Timeline">
            {c.execution_steps.map((s) => (
              <li key={s.id} className="rounded-md border border-slate-200 p-3" data-step-status={s.status}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-xs text-slate-500">#{s.step.ordering_idx}</span>
                  <span className="text-sm font-semibold text-slate-900">{s.step.step_type}</span>
                  {s.step.name && <span className="font-mono text-xs text-indigo-700">{s.step.name}</span>}
                  <StepStatusBadge status={s.status} />
                  <span className="ml-auto text-xs text-slate-500"><DateTime value={s.created_on} /></span>
                </div>
                <StepResult result={s.execution_result} />
                {s.messages.length > 0 && <p className="mt-1 text-xs text-slate-500">{s.messages.length} message{s.messages.length === 1 ? '' : 's'} sent</p>}
                {s.has_error && <p className="mt-1 text-xs text-rose-700">{s.last_error_detail}</p>}
              </li>
            ))}
          </ol>
        )}
      </Card>
    </>
  );
}
