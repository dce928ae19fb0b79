'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { AdminOnly } from '@/components/ui/admin-only';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { isApiError } from '@/lib/client/api-fetch';
import { errorBody } from '@/lib/client/drf-errors';
import { WEBHOOK_EVENTS, useReplaceWebhookSubscription, useWebhookSubscription } from '@/lib/client/webhooks';
import { SubscriptionForm } from './subscription-form';

export function EditSubscriptionView({ id }: { id: string }) {
  const router = useRouter();
  const subscription = useWebhookSubscription(id);
  const replace = useReplaceWebhookSubscription(id);
  const back = <Link href={`/webhooks/${id}`} className="text-slate-500 hover:text-slate-900">← Back to subscription</Link>;

  if (subscription.isPending) return <><PageHeader title="Edit subscription" back={back} /><LoadingState /></>;
  if (subscription.isError) {
    return (
      <>
        <PageHeader title="Edit subscription" back={back} />
        {isApiError(subscription.error, 404)
          ? <ErrorState error={new Error('This subscription does not exist, or it was deleted.')} />
          : <ErrorState error={subscription.error} onRetry={() => subscription.refetch()} />}
      </>
    );
  }
  const s = subscription.data;
  return (
    <>
      <PageHeader title="Edit subscription" description={<span className="break-all font-mono">{s.target}</span>} back={back} />
      <AdminOnly what="change webhook subscriptions">
        {/* Keyed by id so the form starts from this subscription's values, not a cached previous one. */}
        <SubscriptionForm key={s.id} initial={{ target: s.target, events: WEBHOOK_EVENTS.map((e) => e.type).filter((t) => s.events.includes(t)), is_active: s.is_active }}
          errors={errorBody(replace.error)} pending={replace.isPending || replace.isSuccess}
          submitLabel="Save changes" cancelHref={`/webhooks/${id}`}
          onSubmit={(values) => replace.mutate(values, { onSuccess: () => router.push(`/webhooks/${id}`) })} />
      </AdminOnly>
    </>
  );
}
