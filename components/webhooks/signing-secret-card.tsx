'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DateTime } from '@/components/ui/date-time';
import { FormAlert } from '@/components/ui/form-alert';
import { ErrorState, Spinner } from '@/components/ui/states';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { useRotateWebhookSecret, useWebhookSecret } from '@/lib/client/webhooks';
import { CopyButton } from '@/components/ui/copy-button';

function SecretValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code data-testid={testId} aria-label={label}
        className="min-w-0 flex-1 select-all break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 ring-1 ring-slate-200">
        {value}
      </code>
      <CopyButton text={value} ariaLabel={`Copy ${label.toLowerCase()}`} />
    </div>
  );
}

/**
 * Admins reveal the secret on request and can rotate it; after a rotation the previous secret
 * still signs deliveries (alongside the new one) until it expires, so receivers can switch over.
 */
export function SigningSecretCard({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const [revealed, setRevealed] = useState(false);
  const secret = useWebhookSecret(id, isAdmin && revealed);
  const rotate = useRotateWebhookSecret(id);

  if (!isAdmin) {
    return (
      <Card title="Signing secret">
        <p className="text-sm text-slate-600">Every delivery is signed with this subscription&apos;s secret. Only admins can see or rotate it.</p>
      </Card>
    );
  }
  const shown = revealed && secret.data;
  return (
    <Card title="Signing secret" actions={
      <div className="flex gap-2">
        {revealed
          ? <Button variant="ghost" onClick={() => setRevealed(false)}>Hide secret</Button>
          : <Button variant="secondary" onClick={() => setRevealed(true)}>Reveal secret</Button>}
        <ConfirmButton title="Rotate the signing secret?" confirmLabel="Rotate secret" disabled={rotate.isPending}
          body="A new secret signs every delivery from now on. For the next 24 hours deliveries are signed with the old secret too, so the receiver can switch over."
          onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setRevealed(true) })}>
          {rotate.isPending ? 'Rotating…' : 'Rotate secret'}
        </ConfirmButton>
      </div>
    }>
      <div className="space-y-4">
        <FormAlert messages={topMessages(errorBody(rotate.error), [])} />
        {rotate.isSuccess && <p role="status" className="text-sm text-emerald-700">Secret rotated. Give the new one to the receiving system.</p>}
        {!revealed ? (
          <p className="text-sm text-slate-600">
            Receivers use the secret to check that a request really comes from us. Keep it private.
          </p>
        ) : secret.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-500"><Spinner /> Loading secret…</p>
        ) : secret.isError ? (
          <ErrorState error={secret.error} onRetry={() => secret.refetch()} />
        ) : shown ? (
          <>
            <div>
              <p className="mb-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">Current secret</p>
              <SecretValue label="Current secret" value={shown.secret} testId="webhook-secret" />
            </div>
            {shown.previous_secret && (
              <div>
                <p className="mb-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">Previous secret</p>
                <SecretValue label="Previous secret" value={shown.previous_secret} testId="webhook-previous-secret" />
                <p className="mt-1.5 text-xs text-slate-500">
                  Still signs deliveries until <DateTime value={shown.previous_secret_expires_on} />.
                </p>
              </div>
            )}
          </>
        ) : null}
      </div>
    </Card>
  );
}
