'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorState, Spinner } from '@/components/ui/states';
import { useFlowSecret, useRotateFlowSecret } from '@/lib/client/flows';

/** The flow's end-webhook signing key, for admins: hidden until asked for, as subscriptions' secrets are. */
export function FlowSecret({ flowId }: { flowId: string }) {
  const [revealed, setRevealed] = useState(false);
  const secret = useFlowSecret(flowId, revealed);
  const rotate = useRotateFlowSecret(flowId);
  if (!revealed) return <Button variant="secondary" onClick={() => setRevealed(true)}>Reveal secret</Button>;
  if (secret.isError) return <ErrorState error={secret.error} onRetry={() => secret.refetch()} />;
  if (!secret.data) return <Spinner />;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code data-testid="flow-secret" aria-label="Flow signing secret"
        className="min-w-0 flex-1 select-all break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 ring-1 ring-slate-200">
        {secret.data.secret}
      </code>
      <CopyButton text={secret.data.secret} ariaLabel="Copy flow signing secret" />
      <Button variant="ghost" onClick={() => setRevealed(false)}>Hide</Button>
      <ConfirmButton title="Rotate the signing secret?" confirmLabel="Rotate secret" disabled={rotate.isPending}
        body="Posts are signed with the new secret at once, retries too: update the receiver with it."
        onConfirm={() => rotate.mutate()}>Rotate</ConfirmButton>
    </div>
  );
}
