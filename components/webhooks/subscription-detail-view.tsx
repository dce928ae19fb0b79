'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DateTime } from '@/components/ui/date-time';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { isApiError } from '@/lib/client/api-fetch';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { useMe } from '@/lib/client/me';
import { useDeleteWebhookSubscription, useSendTestEvent, useSetWebhookActive, useWebhookSubscription } from '@/lib/client/webhooks';
import { DeliveryLog } from './delivery-log';
import { EventBadges } from './event-badges';
import { SigningSecretCard } from './signing-secret-card';
import { SubscriptionStatusBadge } from './subscription-status';
import { Switch } from './switch';
import { DetailRow } from '@/components/ui/detail-row';

export function SubscriptionDetailView({ id }: { id: string }) {
  const router = useRouter();
  const me = useMe();
  const isAdmin = me.data?.user.role === 'ADMIN';
  const subscription = useWebhookSubscription(id);
  const setActive = useSetWebhookActive(id);
  const del = useDeleteWebhookSubscription(id);
  const test = useSendTestEvent(id);
  const back = <Link href="/webhooks" className="text-slate-500 hover:text-slate-900">← Webhooks</Link>;

  if (subscription.isPending) return <><PageHeader title="Webhook subscription" back={back} /><LoadingState /></>;
  if (subscription.isError) {
    return (
      <>
        <PageHeader title="Webhook subscription" back={back} />
        {isApiError(subscription.error, 404)
          ? <ErrorState error={new Error('This subscription does not exist, or it was deleted.')} />
          : <ErrorState error={subscription.error} onRetry={() => subscription.refetch()} />}
      </>
    );
  }
  const s = subscription.data;
  const mutationErrors = [
    ...topMessages(errorBody(setActive.error), []),
    ...topMessages(errorBody(del.error), []),
    ...topMessages(errorBody(test.error), []),
  ];

  return (
    <>
      <PageHeader title={<span className="font-mono text-xl">{s.target}</span>} description="Webhook subscription" back={back}
        actions={<>
          {isAdmin && <Button variant="secondary" disabled={test.isPending || !s.is_active} onClick={() => test.mutate()}
            title={s.is_active ? undefined : 'Switch the subscription on to send a test event'}>
            {test.isPending ? 'Sending…' : 'Send test event'}
          </Button>}
          {isAdmin && <ButtonLink href={`/webhooks/${id}/edit`} variant="secondary">Edit</ButtonLink>}
          {isAdmin && <ConfirmButton variant="danger" title="Delete this subscription?" confirmLabel="Delete subscription"
            body={<>Events stop going to <span className="break-all font-mono">{s.target}</span>, and its delivery log is deleted with it. This cannot be undone.</>}
            disabled={del.isPending}
            onConfirm={() => del.mutate(undefined, { onSuccess: () => router.push('/webhooks') })}>
            {del.isPending ? 'Deleting…' : 'Delete'}
          </ConfirmButton>}
        </>} />

      <div className="space-y-4">
        {!s.is_active && s.disabled_reason && (
          <div role="alert" data-testid="disabled-reason" className="rounded-lg border border-rose-300 bg-rose-50 px-5 py-4 text-sm text-rose-900">
            <p className="font-semibold">The system switched this subscription off</p>
            <p className="mt-1"><WithTimes text={s.disabled_reason} /></p>
            <p className="mt-1 text-rose-800">No events are sent until it is switched back on. Fix the target first, then switch it on.</p>
            {isAdmin && <Button className="mt-3" disabled={setActive.isPending} onClick={() => setActive.mutate(true)}>Switch back on</Button>}
          </div>
        )}
        <FormAlert messages={mutationErrors} />
        {test.isSuccess && (
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
            Test event <span className="font-mono">{test.data.type}</span> queued. It shows at the top of the delivery log.
          </p>
        )}

        <div className="grid gap-6 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <Card title="Subscription">
              <dl className="divide-y divide-slate-100">
                <DetailRow label="Target"><span className="break-all font-mono">{s.target}</span></DetailRow>
                <DetailRow label="Events"><EventBadges events={s.events} /></DetailRow>
                <DetailRow label="Status"><SubscriptionStatusBadge subscription={s} /></DetailRow>
                <DetailRow label="Created"><DateTime value={s.created_on} /></DetailRow>
              </dl>
              <div className="mt-4 border-t border-slate-100 pt-4">
                <Switch label="Active" checked={s.is_active} disabled={setActive.isPending || !isAdmin}
                  onChange={(on) => setActive.mutate(on)}
                  description={s.is_active ? 'Events are being sent to the target.' : 'Events are not sent while this is off.'} />
              </div>
            </Card>
          </div>
          <div className="lg:col-span-2">
            <SigningSecretCard id={id} isAdmin={isAdmin} />
          </div>
        </div>

        {/* Deliveries carry contacts and messages whatever an agent may see of them in the inbox: admins only. */}
        {isAdmin ? <DeliveryLog subscriptionId={id} isAdmin={isAdmin} />
          : me.data && <p className="text-sm text-slate-500" data-testid="deliveries-admins-only">Only admins see the delivery log: each delivery carries the contacts and messages it reports.</p>}
      </div>
    </>
  );
}

const ISO_INSTANT = /(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)/;

/** A reason the API words with ISO times, shown with each time on the account's clock. */
function WithTimes({ text }: { text: string }) {
  return <>{text.split(ISO_INSTANT).map((part, i) => (i % 2 ? <DateTime key={i} value={part} /> : part))}</>;
}
