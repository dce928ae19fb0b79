'use client';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { localInputToIso, localInputValue, zoneLabel } from '@/lib/client/local-datetime';
import { useMe } from '@/lib/client/me';
import { useResendFailedSince } from '@/lib/client/webhooks';

/**
 * ADMIN: sends every FAILED delivery created since a moment again (default: the last 24 hours).
 * The moment is read on the account's clock, as the delivery log shows its times.
 */
export function ResendFailedForm({ subscriptionId }: { subscriptionId: string }) {
  const timeZone = useMe().data?.account.default_timezone;
  const dayAgo = () => new Date(Date.now() - 24 * 3600 * 1000);
  const [since, setSince] = useState(() => localInputValue(dayAgo()));
  const [edited, setEdited] = useState(false);
  // Once the account's zone is known, the default is shown on its clock.
  useEffect(() => { if (timeZone && !edited) setSince(localInputValue(dayAgo(), timeZone)); }, [timeZone, edited]);
  const resend = useResendFailedSince(subscriptionId);
  const errors = errorBody(resend.error);
  return (
    <form noValidate className="flex flex-wrap items-start gap-3" onSubmit={(e) => {
      e.preventDefault();
      // Anything unparseable goes as typed, for the API to refuse.
      resend.mutate(localInputToIso(since, timeZone) ?? since);
    }}>
      <TextField label="Resend failed since" type="datetime-local" value={since} hint={`On the account's clock (${zoneLabel(timeZone)}).`}
        onChange={(e) => { setSince(e.target.value); setEdited(true); resend.reset(); }}
        max={localInputValue(new Date(Date.now() + 60_000), timeZone)} errors={messagesAt(errors, ['since'])} className="w-60" />
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
