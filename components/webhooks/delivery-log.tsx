'use client';
import { Fragment, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { FormAlert } from '@/components/ui/form-alert';
import { EmptyState, ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { isApiError } from '@/lib/client/api-fetch';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import type { WebhookDeliveryStatus } from '@/lib/client/types';
import { DELIVERIES_PAGE_SIZE, DELIVERY_STATUSES, useResendDelivery, useRetryDelivery, useWebhookDeliveries } from '@/lib/client/webhooks';
import { DeliveryDetail } from './delivery-detail';
import { DeliveryStatusBadge, deliveryStatusLabel } from './delivery-status-badge';
import { Pager } from '@/components/ui/pager';
import { ResendFailedForm } from './resend-failed-form';

type Filter = WebhookDeliveryStatus | '';
const FILTERS: { value: Filter; label: string }[] = [
  { value: '', label: 'All' },
  ...DELIVERY_STATUSES.map((s) => ({ value: s, label: deliveryStatusLabel[s] })),
];

function StatusFilter({ value, onChange }: { value: Filter; onChange: (v: Filter) => void }) {
  return (
    <div role="group" aria-label="Filter deliveries by status" className="inline-flex rounded-md shadow-sm ring-1 ring-inset ring-slate-300">
      {FILTERS.map((f, i) => (
        <button key={f.label} type="button" aria-pressed={value === f.value} onClick={() => onChange(f.value)}
          className={`px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600
            ${i === 0 ? 'rounded-l-md' : ''} ${i === FILTERS.length - 1 ? 'rounded-r-md' : ''}
            ${value === f.value ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}>
          {f.label}
        </button>
      ))}
    </div>
  );
}

/** A delivery whose receiver failed and whose next attempt is a while off: it can be retried now. */
function waitingOutRetry(d: { status: string; attempts: number; next_attempt_on: string | null }): boolean {
  return d.status === 'PENDING' && d.attempts > 0 && d.next_attempt_on !== null && new Date(d.next_attempt_on).getTime() - Date.now() > 10_000;
}

/**
 * The subscription's delivery log, newest first: filter by status, page, expand a row for the
 * payload and each attempt. Refreshes every 2 s while anything shown is still PENDING.
 */
export function DeliveryLog({ subscriptionId, isAdmin }: { subscriptionId: string; isAdmin: boolean }) {
  const [status, setStatus] = useState<Filter>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const deliveries = useWebhookDeliveries(subscriptionId, status, page);
  const resend = useResendDelivery(subscriptionId);
  const retry = useRetryDelivery(subscriptionId);

  // A page past the end (after a narrower filter) goes back to the first one.
  useEffect(() => {
    if (isApiError(deliveries.error, 404) && page > 1) setPage(1);
  }, [deliveries.error, page]);

  const polling = !!deliveries.data?.results.some((d) => d.status === 'PENDING');
  const colSpan = isAdmin ? 7 : 6;

  return (
    <Card title="Delivery log" flush actions={
      <div className="flex items-center gap-2">
        {deliveries.isFetching && !deliveries.isPending && <Spinner className="size-4 text-slate-400" />}
        <Button variant="ghost" onClick={() => deliveries.refetch()}>Refresh</Button>
      </div>
    }>
      <div className="space-y-3 border-b border-slate-200 p-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <StatusFilter value={status} onChange={(v) => { setStatus(v); setPage(1); setOpen(null); }} />
          <p className="text-xs text-slate-500" aria-live="polite">
            {polling ? 'Deliveries are in progress; this log refreshes every 2 seconds.' : ''}
          </p>
        </div>
        {isAdmin && <ResendFailedForm subscriptionId={subscriptionId} />}
        <FormAlert messages={topMessages(errorBody(resend.error ?? retry.error), [])} />
        {resend.isSuccess && <p role="status" className="text-sm text-emerald-700">Sent again as a new delivery, at the top of the log.</p>}
        {retry.isSuccess && <p role="status" className="text-sm text-emerald-700">Being attempted now; the log shows the outcome in a moment.</p>}
      </div>
      {deliveries.isPending ? <LoadingState /> : deliveries.isError ? (
        <div className="p-4"><ErrorState error={deliveries.error} onRetry={() => deliveries.refetch()} /></div>
      ) : deliveries.data.results.length === 0 ? (
        status ? <EmptyState title={`No ${deliveryStatusLabel[status].toLowerCase()} deliveries`} />
          : <EmptyState title="Nothing delivered yet">Deliveries show here as events happen. Try <b>Send test event</b>.</EmptyState>
      ) : (
        <>
          <Table label="Deliveries">
            <thead>
              <tr>
                <Th>Event</Th><Th>Status</Th><Th>Attempts</Th><Th>Created</Th><Th>Last attempt</Th><Th>Next attempt</Th>
                {isAdmin && <Th><span className="sr-only">Actions</span></Th>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {deliveries.data.results.map((d) => {
                const expanded = open === d.id;
                return (
                  <Fragment key={d.id}>
                    <tr className={expanded ? 'bg-indigo-50/40' : 'hover:bg-slate-50'} data-delivery-id={d.id}>
                      <Td>
                        <button type="button" aria-expanded={expanded} aria-controls={`delivery-${d.id}`}
                          onClick={() => setOpen(expanded ? null : d.id)}
                          className="inline-flex items-center gap-1.5 rounded font-mono text-xs font-medium text-slate-900 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600">
                          <span aria-hidden="true" className={`inline-block transition-transform ${expanded ? 'rotate-90' : ''}`}>▸</span>
                          {d.event_type}
                          <span className="sr-only"> details</span>
                        </button>
                      </Td>
                      <Td><DeliveryStatusBadge status={d.status} /></Td>
                      <Td className="tabular-nums">{d.attempts}</Td>
                      <Td><DateTime value={d.created_on} /></Td>
                      <Td><DateTime value={d.last_attempt_on} fallback={d.status === 'PENDING' ? 'Not yet' : 'Never attempted'} /></Td>
                      <Td><DateTime value={d.status === 'PENDING' ? d.next_attempt_on : null} /></Td>
                      {isAdmin && (
                        <Td className="text-right">
                          {waitingOutRetry(d) ? (
                            <Button variant="ghost" disabled={retry.isPending && retry.variables === d.id}
                              title="Its receiver failed; attempt it now rather than at its next attempt."
                              aria-label={`Retry ${d.event_type} delivery now`} onClick={() => { resend.reset(); retry.mutate(d.id); }}>
                              {retry.isPending && retry.variables === d.id ? 'Retrying…' : 'Retry now'}
                            </Button>
                          ) : (
                            <Button variant="ghost" disabled={d.status === 'PENDING' || (resend.isPending && resend.variables === d.id)}
                              title={d.status === 'PENDING' ? 'Still being attempted: resend it once it has succeeded or failed.' : undefined}
                              aria-label={`Resend ${d.event_type} delivery`} onClick={() => { retry.reset(); resend.mutate(d.id); }}>
                              {resend.isPending && resend.variables === d.id ? 'Resending…' : 'Resend'}
                            </Button>
                          )}
                        </Td>
                      )}
                    </tr>
                    {expanded && (
                      <tr id={`delivery-${d.id}`}>
                        <td colSpan={colSpan} className="bg-slate-50 px-4 py-4"><DeliveryDetail deliveryId={d.id} /></td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </Table>
          <Pager label="Deliveries pagination" noun="deliveries" page={page} pageSize={DELIVERIES_PAGE_SIZE}
            count={deliveries.data.count} hasPrevious={!!deliveries.data.previous} hasNext={!!deliveries.data.next}
            onPage={(p) => { setPage(p); setOpen(null); }} />
        </>
      )}
    </Card>
  );
}
