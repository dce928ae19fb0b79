'use client';
import { DocumentTitle } from '@/components/ui/document-title';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DateTime } from '@/components/ui/date-time';
import { DetailRow } from '@/components/ui/detail-row';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { isApiError } from '@/lib/client/api-fetch';
import { DETAIL_POLL_MS, FINAL_STATUSES, controlsFor, pollMs } from '@/lib/client/broadcast-status';
import { recipientsExportUrl, useBroadcast, useControlBroadcast, useRetryFailed } from '@/lib/client/broadcasts';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import type { Broadcast } from '@/lib/client/types';
import { BroadcastStatusBadge } from './broadcast-status-badge';
import { DeliveryFunnel } from './delivery-funnel';
import { RecipientsCard } from './recipients-card';
import { SentProgress } from './sent-progress';
import { useTemplate } from '@/lib/client/templates';
import { preview } from '@/components/templates/template-parts';
import { TemplatePreview } from '@/components/templates/template-preview';

const fmt = new Intl.NumberFormat('en-US');

function Controls({ broadcast: b }: { broadcast: Broadcast }) {
  const router = useRouter();
  const control = useControlBroadcast(b.id);
  const retry = useRetryFailed(b.id);
  const controls = controlsFor(b.status);
  const busy = control.isPending || retry.isPending;
  const errors = [...topMessages(errorBody(control.error), []), ...topMessages(errorBody(retry.error), [])];
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap justify-end gap-2">
        {controls.includes('pause') && (
          <Button variant="secondary" disabled={busy} onClick={() => control.mutate('pause')}>
            {control.isPending && control.variables === 'pause' ? 'Pausing…' : 'Pause'}
          </Button>
        )}
        {controls.includes('resume') && (
          <Button disabled={busy} onClick={() => control.mutate('resume')}>
            {control.isPending && control.variables === 'resume' ? 'Resuming…' : 'Resume'}
          </Button>
        )}
        {controls.includes('cancel') && (
          <ConfirmButton variant="danger" title="Cancel this broadcast?" confirmLabel="Cancel broadcast" dismissLabel="Keep it"
            disabled={busy} onConfirm={() => control.mutate('cancel')}
            body={<>Nothing more is sent: the {fmt.format(b.pending)} recipients not reached yet are skipped. Messages already sent stay sent. This cannot be undone.</>}>
            {control.isPending && control.variables === 'cancel' ? 'Canceling…' : 'Cancel broadcast'}
          </ConfirmButton>
        )}
        {b.failed > 0 && b.retried_by === null && FINAL_STATUSES.includes(b.status) && (
          <ConfirmButton variant="secondary" confirmVariant="primary" title="Retry the failed recipients?" confirmLabel="Send again"
            disabled={busy} onConfirm={() => retry.mutate(undefined, { onSuccess: (created) => router.push(`/broadcasts/${created.id}`) })}
            body={<>A new broadcast, linked to this one, sends the same template with the same values to the {fmt.format(b.failed)} failed {b.failed === 1 ? 'recipient' : 'recipients'}, starting now.</>}>
            {retry.isPending ? 'Creating…' : `Retry failed (${fmt.format(b.failed)})`}
          </ConfirmButton>
        )}
        <a href={recipientsExportUrl(b.id)} download className={buttonClass('secondary')}>Export CSV</a>
      </div>
      <div className="max-w-md"><FormAlert messages={errors} /></div>
    </div>
  );
}

function Schedule({ broadcast: b }: { broadcast: Broadcast }) {
  return (
    <dl className="divide-y divide-slate-100">
      <DetailRow label="Scheduled">{b.start_on ? <DateTime value={b.start_on} zone /> : 'Immediately'}</DetailRow>
      <DetailRow label="Started"><DateTime value={b.started_on} fallback="Not yet" /></DetailRow>
      <DetailRow label={b.status === 'CANCELED' ? 'Canceled' : b.status === 'FAILED' ? 'Failed' : 'Completed'}>
        <DateTime value={b.completed_on} fallback="Not yet" />
      </DetailRow>
      <DetailRow label="Created"><DateTime value={b.created_on} /></DetailRow>
      {b.created_by && <DetailRow label="Created by"><span className="[overflow-wrap:anywhere]">{b.created_by}</span></DetailRow>}
      <DetailRow label="Priority">
        {b.has_priority ? 'Yes: also sent to contacts in a flow or talking with an agent' : 'No: contacts in a flow or talking with an agent are skipped'}
      </DetailRow>
      {b.retry_of !== null && (
        <DetailRow label="Retry of"><Link href={`/broadcasts/${b.retry_of}`} className="font-medium text-indigo-700 hover:underline">Broadcast #{b.retry_of}</Link></DetailRow>
      )}
      {b.retried_by !== null && (
        <DetailRow label="Failed recipients retried in">
          <Link href={`/broadcasts/${b.retried_by}`} className="font-medium text-indigo-700 hover:underline">Broadcast #{b.retried_by}</Link>
        </DetailRow>
      )}
    </dl>
  );
}

function TemplateCard({ broadcast: b }: { broadcast: Broadcast }) {
  const t = b.chat_template;
  // The whole message (header, footer, buttons) when the template is still there; the body the
  // broadcast keeps otherwise, and while the template loads.
  const template = useTemplate(String(t?.id ?? ''), Boolean(t));
  return (
    <Card title="Template">
      {t ? (
        <p className="text-sm">
          <Link href={`/templates/${t.id}`} className="font-mono font-medium text-indigo-700 hover:underline">{t.name}</Link>
          <span className="text-slate-500"> · {t.language} · {t.channel.name}</span>
        </p>
      ) : <p className="text-sm text-slate-500">The template was deleted.</p>}
      <div className="mt-3">
        {template.data ? <TemplatePreview preview={preview(template.data.components, [])} /> : (
          <p className="whitespace-pre-wrap break-words rounded-md bg-slate-50 px-3 py-2.5 text-sm text-slate-800" data-testid="template-body">
            {b.template_body || <span className="text-slate-500">No body text.</span>}
          </p>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-500">Each recipient gets this message with their own values in place of the variables.</p>
    </Card>
  );
}

/** A broadcast's page: status and controls, the funnel, details, and its recipients; live while it moves. */
export function BroadcastDetailView({ id }: { id: string }) {
  const numericId = /^\d+$/.test(id) ? Number(id) : NaN;
  const broadcast = useBroadcast(numericId);
  const back = <Link href="/broadcasts" className="text-slate-500 hover:text-slate-900">← Broadcasts</Link>;

  if (!Number.isFinite(numericId) || broadcast.isError) {
    return (
      <>
        <PageHeader title="Broadcast" back={back} />
        {!Number.isFinite(numericId) || isApiError(broadcast.error, 404)
          ? <ErrorState error={new Error('This broadcast does not exist.')} />
          : <ErrorState error={broadcast.error} onRetry={() => broadcast.refetch()} />}
      </>
    );
  }
  if (broadcast.isPending) return <><PageHeader title="Broadcast" back={back} /><LoadingState /></>;
  const b = broadcast.data;
  const refetchMs = pollMs(b, Date.now(), DETAIL_POLL_MS);
  const live = b.status === 'RUNNING' || b.status === 'PENDING' || b.status === 'PAUSED';

  return (
    <>
      <DocumentTitle parts={[b.name, 'Broadcast']} />
      <PageHeader title={b.name} back={back}
        description={<span className="inline-flex flex-wrap items-center gap-2">
          <span>Broadcast #{b.id}</span>·<BroadcastStatusBadge status={b.status} startOn={b.start_on} />·
          <span>{fmt.format(b.total)} {b.total === 1 ? 'recipient' : 'recipients'}</span>
        </span>}
        actions={<Controls broadcast={b} />} />

      <div className="space-y-4">
        {b.status_reason && (
          <div role="alert" data-testid="status-reason" className={`rounded-lg border px-5 py-4 text-sm ${b.status === 'FAILED'
            ? 'border-rose-300 bg-rose-50 text-rose-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}>
            <p className="font-semibold">{b.status === 'FAILED' ? 'This broadcast failed' : 'Note'}</p>
            <p className="mt-1">{b.status_reason}</p>
          </div>
        )}
        {b.status === 'PAUSED' && (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Paused: nothing new is sent until you resume. Messages already on their way still arrive.
          </p>
        )}

        <div className="grid gap-4 lg:grid-cols-5">
          <div className="min-w-0 lg:col-span-3">
            <Card title="Delivery" actions={
              <span className="flex items-center gap-2 text-xs text-slate-500">
                {broadcast.isFetching && <Spinner className="size-3.5 text-slate-400" />}
                {live ? 'Live' : refetchMs ? 'Updating while statuses arrive' : <Button variant="ghost" className="py-1 text-xs" onClick={() => broadcast.refetch()}>Refresh</Button>}
              </span>
            }>
              <div className="mb-4"><SentProgress sent={b.sent} total={b.total} label="Sending progress" /></div>
              <DeliveryFunnel broadcast={b} />
            </Card>
          </div>
          <div className="min-w-0 space-y-4 lg:col-span-2">
            <Card title="Details"><Schedule broadcast={b} /></Card>
          </div>
        </div>
        <TemplateCard broadcast={b} />
        <RecipientsCard broadcastId={b.id} broadcastReadAt={broadcast.dataUpdatedAt} />
      </div>
    </>
  );
}
