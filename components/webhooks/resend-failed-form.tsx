'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useResendFailedSince } from '@/lib/client/webhooks';

/** `YYYY-MM-DDTHH:mm` in the viewer's zone, as a datetime-local input wants it. */
function localInputValue(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The input's local time as an ISO instant; anything unparseable goes as typed, for the API to refuse. */
function toIso(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** ADMIN: sends every FAILED delivery created since a moment again (default: the last 24 hours). */
export function ResendFailedForm({ subscriptionId }: { subscriptionId: string }) {
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - 24 * 3600 * 1000)));
  const resend = useResendFailedSince(subscriptionId);
  const errors = errorBody(resend.error);
  return (
    <form noValidate className="flex flex-wrap items-start gap-3" onSubmit={(e) => {
      e.preventDefault();
      resend.mutate(toIso(since));
    }}>
      <TextField label="Resend failed since" type="datetime-local" value={since} onChange={(e) => { setSince(e.target.value); resend.reset(); }}
        max={localInputValue(new Date(Date.now() + 60_000))} errors={messagesAt(errors, ['since'])} className="w-60" />
      <Button type="submit" variant="secondary" className="mt-7" disabled={resend.isPending || !since}>
        {resend.isPending ? 'Resending…' : 'Resend all failed'}
      </Button>
      <div className="mt-7 min-w-0 flex-1 text-sm">
        <FormAlert messages={topMessages(errors, ['since'])} />
        <p role="status" className="py-2 text-slate-600">
          {resend.isSuccess ? (resend.data.resent === 0 ? 'No failed deliveries since then.'
            : `${resend.data.resent} failed ${resend.data.resent === 1 ? 'delivery' : 'deliveries'} sent again.`) : ''}
        </p>
      </div>
    </form>
  );
}
