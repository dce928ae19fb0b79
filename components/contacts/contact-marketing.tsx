'use client';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { FormAlert } from '@/components/ui/form-alert';
import { useAccount } from '@/lib/client/account';
import { usePatchContact } from '@/lib/client/contacts';
import { useMe } from '@/lib/client/me';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import type { Contact } from '@/lib/client/types';

/** Whether the contact takes marketing messages, and the switch for a member who heard otherwise. */
export function ContactMarketing({ contact }: { contact: Contact }) {
  const patch = usePatchContact(contact.id);
  const account = useAccount();
  const me = useMe();
  const isAdmin = me.data?.user.role === 'ADMIN';
  // The account's own words, as a contact would type them.
  const word = (list: string[] | undefined, fallback: string) => (list ? list[0] ?? null : fallback);
  const optIn = word(account.data?.opt_in_keywords, 'START');
  const optOut = word(account.data?.opt_out_keywords, 'STOP');
  return (
    <div data-testid="contact-marketing" className="space-y-3 text-sm text-slate-700">
      {contact.opted_out_on ? (
        <p>
          <span className="font-medium text-rose-800">Opted out</span> on <DateTime value={contact.opted_out_on} />: no MARKETING template
          reaches them: a broadcast of one skips them, and a flow step that would send one ends their flow. Replies and other
          templates still reach them.
          {optIn && <> They opt back in by writing {optIn}.</>}
        </p>
      ) : (
        <p>Receives marketing messages.{optOut && <> They opt out by writing {optOut} (or another of the account&apos;s opt-out words).</>}</p>
      )}
      <FormAlert messages={topMessages(errorBody(patch.error), [])} />
      {me.isPending ? null : contact.opted_out && !isAdmin ? (
        <p className="text-xs text-slate-500">Only an admin can opt them back in.</p>
      ) : (
        <Button variant="secondary" disabled={patch.isPending || contact.is_deleted}
          onClick={() => patch.mutate({ opted_out: !contact.opted_out })}>
          {patch.isPending ? 'Saving…' : contact.opted_out ? 'Opt back in' : 'Opt out of marketing'}
        </Button>
      )}
    </div>
  );
}
