'use client';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { ErrorState, LoadingState } from '@/components/ui/states';
import type { WebhookAttempt } from '@/lib/client/types';
import { useWebhookDelivery } from '@/lib/client/webhooks';

const pre = 'max-h-80 overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100';

function pretty(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

function Outcome({ attempt }: { attempt: WebhookAttempt }) {
  if (attempt.response_status !== null) {
    const ok = attempt.response_status >= 200 && attempt.response_status < 300;
    return <Badge tone={ok ? 'green' : 'red'}>HTTP {attempt.response_status}</Badge>;
  }
  return <Badge tone="red">No response</Badge>;
}

function AttemptItem({ attempt, n }: { attempt: WebhookAttempt; n: number }) {
  const headers = Object.entries(attempt.request_headers ?? {});
  return (
    <li className="rounded-md border border-slate-200 bg-white" aria-label={`Attempt ${n}`}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-100 px-4 py-2.5 text-sm">
        <span className="font-semibold text-slate-900">Attempt {n}</span>
        <span data-testid="attempt-outcome"><Outcome attempt={attempt} /></span>
        <span className="text-slate-600"><DateTime value={attempt.created_on} /></span>
        <span className="tabular-nums text-slate-600" data-testid="attempt-duration">{attempt.duration_ms} ms</span>
      </div>
      <div className="space-y-3 p-4">
        {attempt.error && (
          <p className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="attempt-error">
            {attempt.error}
          </p>
        )}
        <div>
          <h5 className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">Response body</h5>
          {attempt.response_body
            ? <pre className={pre} aria-label={`Response body of attempt ${n}`}>{attempt.response_body}</pre>
            : <p className="text-sm text-slate-500">Empty</p>}
        </div>
        <div>
          <h5 className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">Request headers</h5>
          <table aria-label={`Request headers of attempt ${n}`} className="w-full text-xs">
            <tbody className="divide-y divide-slate-100">
              {headers.map(([name, value]) => (
                <tr key={name}>
                  <th scope="row" className="w-1/3 py-1 pr-3 text-left align-top font-mono font-medium text-slate-700">{name}</th>
                  <td className="break-all py-1 font-mono text-slate-600">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <details>
          <summary className="cursor-pointer text-xs font-medium uppercase tracking-wide text-slate-500 hover:text-slate-700">Request body</summary>
          <pre className={`${pre} mt-1`}>{pretty(attempt.request_body)}</pre>
        </details>
      </div>
    </li>
  );
}

/** One delivery: the event's payload and every attempt to deliver it, oldest first. */
export function DeliveryDetail({ deliveryId }: { deliveryId: string }) {
  const delivery = useWebhookDelivery(deliveryId);
  if (delivery.isPending) return <LoadingState label="Loading delivery…" />;
  if (delivery.isError) return <ErrorState error={delivery.error} onRetry={() => delivery.refetch()} />;
  const d = delivery.data;
  return (
    <div className="grid gap-5 lg:grid-cols-2" data-testid="delivery-detail">
      <section>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Payload</h4>
        <dl className="mb-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
          <dt className="text-slate-500">Event</dt><dd className="break-all font-mono text-slate-700">{d.event}</dd>
          <dt className="text-slate-500">Resource</dt><dd className="break-all font-mono text-slate-700">{d.resource_id}</dd>
          <dt className="text-slate-500">Delivery</dt><dd className="break-all font-mono text-slate-700">{d.id}</dd>
        </dl>
        <pre className={pre} aria-label="Payload">{pretty(d.payload)}</pre>
      </section>
      <section>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Attempts ({d.attempt_log.length})</h4>
        {d.attempt_log.length === 0 ? (
          <p className="text-sm text-slate-500">
            {d.status === 'PENDING' ? 'Not attempted yet; the first attempt is on its way.' : 'No attempts were made.'}
          </p>
        ) : (
          <ol aria-label="Attempts" className="space-y-3">
            {d.attempt_log.map((a, i) => <AttemptItem key={a.id} attempt={a} n={i + 1} />)}
          </ol>
        )}
        {d.status === 'PENDING' && d.next_attempt_on && d.attempt_log.length > 0 && (
          <p className="mt-2 text-xs text-slate-500">Next attempt <DateTime value={d.next_attempt_on} />.</p>
        )}
      </section>
    </div>
  );
}
