'use client';
import Link from 'next/link';
import { contactName } from '@/components/contacts/contact-name';
import { ContactFlows } from '@/components/flows/contact-flows';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { usePatchContact } from '@/lib/client/contacts';
import { useConversationContact } from '@/lib/client/conversations';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { useContactConversations } from '@/lib/client/inbox';
import type { Conversation } from '@/lib/client/types';
import { formatPhone } from '@/lib/phone/format';
import { DateTime } from '@/components/ui/date-time';
import { ConversationStatusBadge } from '../conversation-status-badge';
import { ContactEditor } from './contact-editor';
import { RelativeTime } from './relative-time';

/** Who the agent is talking to: fields, attributes, tags and notes edited in place, and the contact's other conversations. */
export function ContactPanel({ conversation: c }: { conversation: Conversation }) {
  const contact = useConversationContact(c.contact);
  const others = useContactConversations(c.contact);
  const d = contact.data;
  return (
    <section aria-label="Contact" className="space-y-4 text-sm">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{contactName(c.contact_summary)}</h2>
        {/* A contact without a name is headed by its phone already. */}
        {(c.contact_summary.first_name || c.contact_summary.last_name) && (
          <p className="font-mono text-xs text-slate-600">{formatPhone(c.contact_summary.canonical_phone)}</p>
        )}
        <Link href={`/contacts/${c.contact}`} className="text-xs font-medium text-indigo-700 hover:underline">Open contact</Link>
        {' · '}
        <Link href={`/sandbox?phone=${encodeURIComponent(c.contact_summary.canonical_phone)}`} className="text-xs font-medium text-indigo-700 hover:underline">Sandbox phone</Link>
      </div>
      {d?.opted_out_on && (
        <p role="note" data-testid="contact-opted-out" className="rounded-md border border-rose-200 bg-rose-50 p-3 text-xs text-rose-900">
          Opted out of marketing messages (<DateTime value={d.opted_out_on} />): replies still reach them, marketing templates do not.
        </p>
      )}
      {d?.is_deleted ? <DeletedContact id={d.id} /> : d && <ContactEditor key={d.id} contact={d} />}
      <ContactFlows contactId={c.contact} activeOnly />
      <div>
        <h3 className="font-medium text-slate-700">Conversations</h3>
        <ul aria-label="Contact's conversations" className="mt-1 space-y-1">
          {others.data?.results.map((o) => (
            <li key={o.id} className="flex items-center gap-2 text-xs">
              {o.id === c.id ? <span className="font-medium">This one</span>
                : <Link href={`/inbox/${o.id}`} className="text-indigo-700 hover:underline"><DateTime value={o.created_on} date /></Link>}
              <ConversationStatusBadge status={o.status} />
              <span className="text-slate-500"><RelativeTime value={o.last_message_on} /></span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A deleted contact is not edited from the inbox: it is said so, with the way back. Replies still reach it. */
function DeletedContact({ id }: { id: string }) {
  const restore = usePatchContact(id);
  return (
    <div role="status" data-testid="contact-deleted" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-xs text-amber-900">
      <p>This contact is deleted: it is left out of lists, searches, broadcasts and flows. Replies in this conversation still reach them.</p>
      <Button className="mt-2" variant="secondary" onClick={() => restore.mutate({ is_deleted: false })} disabled={restore.isPending}>
        {restore.isPending ? 'Restoring…' : 'Restore contact'}
      </Button>
      <FormAlert messages={topMessages(errorBody(restore.error), [])} />
    </div>
  );
}
