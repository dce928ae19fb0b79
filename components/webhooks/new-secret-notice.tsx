'use client';
import { ButtonLink } from '@/components/ui/button';
import type { NewWebhookSubscription } from '@/lib/client/types';
import { CopyButton } from '@/components/ui/copy-button';

/** The signing secret, shown once, right after the subscription is created. */
export function NewSecretNotice({ subscription }: { subscription: NewWebhookSubscription }) {
  return (
    <section aria-labelledby="new-secret-title" className="rounded-lg border border-amber-300 bg-amber-50 p-5">
      <h2 id="new-secret-title" className="text-sm font-semibold text-amber-900">Subscription created</h2>
      <p className="mt-1 break-all text-sm text-amber-800">
        Events go to <span className="font-mono">{subscription.target}</span>, signed with the secret below.
      </p>
      <p className="mt-2 text-sm text-amber-800">
        Copy the signing secret now and store it with the receiving system. <strong>It will not be shown again here</strong>;
        admins can reveal or rotate it later from the subscription&apos;s page.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code data-testid="new-webhook-secret" aria-label="Signing secret"
          className="min-w-0 flex-1 select-all break-all rounded-md bg-white px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-amber-300">
          {subscription.secret}
        </code>
        <CopyButton text={subscription.secret} ariaLabel="Copy signing secret" />
      </div>
      <p className="mt-2 text-xs text-amber-800">
        Requests carry <code className="font-mono">webhook-id</code>, <code className="font-mono">webhook-timestamp</code> and
        {' '}<code className="font-mono">webhook-signature</code> headers (Standard Webhooks); verify them with this secret.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink href={`/webhooks/${subscription.id}`}>Go to subscription</ButtonLink>
        <ButtonLink href="/webhooks" variant="secondary">Back to webhooks</ButtonLink>
      </div>
    </section>
  );
}
