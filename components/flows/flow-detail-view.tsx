'use client';
import { DocumentTitle } from '@/components/ui/document-title';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { FormAlert } from '@/components/ui/form-alert';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { DetailRow } from '@/components/ui/detail-row';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { useDeleteFlow, useFlow, useFlowExecutions } from '@/lib/client/flows';
import { useMe } from '@/lib/client/me';
import { FlowSecret } from './flow-secret';
import { ExecutionStatusBadge } from './flow-badges';
import { RunFlowForm } from './run-flow-form';
import { StepDiagram } from './step-diagram';
import { TryOnSandbox } from './try-on-sandbox';

function Executions({ flowId }: { flowId: string }) {
  const [page, setPage] = useState(1);
  const executions = useFlowExecutions(flowId, page);
  if (executions.isPending) return <LoadingState />;
  if (executions.isError) return <div className="p-4"><ErrorState error={executions.error} onRetry={() => executions.refetch()} /></div>;
  if (!executions.data.results.length) return <EmptyState title="Not run yet">Start an execution with the form on this page.</EmptyState>;
  return (
    <>
      <Table label="Executions">
        <thead><tr><Th>Started</Th><Th>Status</Th><Th>Version</Th><Th>For</Th><Th>Pending</Th><Th>Active</Th><Th>Completed</Th><Th>Expired</Th><Th>Failed</Th><Th>Canceled</Th></tr></thead>
        <tbody className="divide-y divide-slate-100">
          {executions.data.results.map((e) => (
            <tr key={e.id} className="hover:bg-slate-50">
              <Td><Link href={`/flows/executions/${e.id}`} className="text-indigo-700 hover:underline"><DateTime value={e.started_on ?? e.created_on} /></Link></Td>
              <Td><ExecutionStatusBadge status={e.status} /></Td>
              {/* A try of the draft runs a snapshot numbered below zero: marked, so it is not read as a real run. */}
              <Td>{e.version < 0 ? <span data-testid="execution-try" className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900">Try of a draft</span> : `v${e.version}`}</Td>
              <Td>{e.execute_for}</Td>
              {[e.pending, e.active, e.completed, e.expired, e.failed, e.canceled].map((n, i) => <Td key={i} className="tabular-nums">{n}</Td>)}
            </tr>
          ))}
        </tbody>
      </Table>
      <Pager label="Executions pagination" noun="executions" page={page} pageSize={10} count={executions.data.count}
        hasPrevious={!!executions.data.previous} hasNext={!!executions.data.next} onPage={setPage} />
    </>
  );
}

export function FlowDetailView({ id }: { id: string }) {
  const router = useRouter();
  const flow = useFlow(id);
  const me = useMe();
  const remove = useDeleteFlow(id);
  if (flow.isPending) return <LoadingState />;
  if (flow.isError) return <ErrorState error={flow.error} onRetry={() => flow.refetch()} />;
  const f = flow.data;
  return (
    <>
      <DocumentTitle parts={[f.name, 'Flow']} />
      <PageHeader title={f.name} back={<Link href="/flows" className="text-indigo-700 hover:underline">← Flows</Link>}
        description={<>{f.execution_type === 'INBOUND' ? 'Starts when a contact writes' : 'Runs for the contacts you choose'} · {f.version ? `version ${f.version}` : 'never published'}{f.status === 'DRAFT' ? ' · unpublished draft' : ''}</>}
        actions={<>
          <ConfirmButton title={`Delete the flow “${f.name}”?`} confirmLabel="Delete flow" disabled={remove.isPending}
            body="Its versions and the record of its executions go with it. A flow with executions still running, or one another flow starts, is not deleted."
            onConfirm={() => remove.mutate(undefined, { onSuccess: () => router.push('/flows') })}>Delete</ConfirmButton>
          <ButtonLink href={`/flows/${f.id}/builder`}>Open in builder</ButtonLink>
        </>} />
      <FormAlert messages={topMessages(errorBody(remove.error), [])} title="The flow was not deleted" />
      {/* minmax(0, 1fr) columns: a long step text is cut inside its column rather than widening the page on a phone. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <Card title={`Steps (${f.steps.length})`}><StepDiagram steps={f.steps} /></Card>
          <Card title="Executions" flush><Executions flowId={f.id} /></Card>
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card title="Start an execution">
            {f.is_active ? <RunFlowForm flow={f} onStarted={(e) => router.push(`/flows/executions/${e.id}`)} />
              : <p className="text-sm text-slate-600">This flow is switched off.</p>}
          </Card>
          {f.is_active && f.execution_type !== 'INBOUND' && <Card title="Try it"><TryOnSandbox flow={f} /></Card>}
          <Card title="Details">
            <dl className="divide-y divide-slate-100">
              <DetailRow label="Type"><Badge>{f.execution_type}</Badge></DetailRow>
              <DetailRow label="Active">{f.is_active ? 'Yes' : 'No'}</DetailRow>
              <DetailRow label="At the end">{f.flow_end_action === 'WEBHOOK' ? `Post the answers to ${f.flow_end_webhook_url}` : 'Nothing more'}</DetailRow>
              {f.flow_end_action === 'WEBHOOK' && me.data?.user.role === 'ADMIN' && <DetailRow label="Signing secret"><FlowSecret flowId={f.id} /></DetailRow>}
              <DetailRow label="Variables">{f.flow_execution_variables.join(', ') || 'None'}</DetailRow>
              <DetailRow label="Created"><DateTime value={f.created_on} /> {f.created_by ? `by ${f.created_by.email}` : ''}</DetailRow>
            </dl>
          </Card>
        </div>
      </div>
    </>
  );
}
