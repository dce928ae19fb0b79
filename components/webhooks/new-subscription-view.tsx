'use client';
import Link from 'next/link';
import { AdminOnly } from '@/components/ui/admin-only';
import { PageHeader } from '@/components/ui/page-header';
import { errorBody } from '@/lib/client/drf-errors';
import { useCreateWebhookSubscription } from '@/lib/client/webhooks';
import { NewSecretNotice } from './new-secret-notice';
import { SubscriptionForm, emptySubscriptionForm } from './subscription-form';

/** After a successful create the form gives way to the secret, which this answer alone carries. */
export function NewSubscriptionView() {
  const create = useCreateWebhookSubscription();
  return (
    <>
      <PageHeader title="New webhook subscription"
        description="Choose where to send events and which ones. Each delivery is signed, retried when it fails, and logged."
        back={<Link href="/webhooks" className="text-slate-500 hover:text-slate-900">← Webhooks</Link>} />
      <AdminOnly what="add webhook subscriptions">
        {create.isSuccess ? <NewSecretNotice subscription={create.data} /> : (
          <SubscriptionForm initial={emptySubscriptionForm} errors={errorBody(create.error)} pending={create.isPending}
            submitLabel="Create subscription" cancelHref="/webhooks" onSubmit={(values) => create.mutate(values)} />
        )}
      </AdminOnly>
    </>
  );
}
