'use client';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DateTime } from '@/components/ui/date-time';
import { useContactFlows, useStopExecutionContact } from '@/lib/client/flows';
import type { FlowExecutionContact } from '@/lib/client/types';
import { ContactStatusBadge } from './flow-badges';

// The flows a contact went through, on the contact's page and beside a conversation: an agent sees
// that the contact is in a flow and can stop it there.

function Stop({ c }: { c: FlowExecutionContact }) {
  const stop = useStopExecutionContact(c.id);
  return (
    <ConfirmButton variant="danger" title={`Stop "${c.flow_name}" for this contact?`} confirmLabel="Stop flow" dismissLabel="Keep it"
      disabled={stop.isPending} onConfirm={() => stop.mutate()} body={<>The contact leaves the flow and the conversation goes to the inbox as new.</>}>
      Stop flow
    </ConfirmButton>
  );
}

export function ContactFlows({ contactId, activeOnly = false }: { contactId: string | undefined; activeOnly?: boolean }) {
  const flows = useContactFlows(contactId);
  const list = (flows.data?.results ?? []).filter((c) => !activeOnly || c.is_active);
  if (activeOnly && !list.length) return null;
  return (
    <Card title={activeOnly ? 'In a flow' : 'Flows'}>
      {!list.length ? <p className="text-sm text-slate-500">{flows.isPending ? 'Loading…' : 'No flow has run for this contact.'}</p> : (
        <ul className="space-y-3" aria-label="Contact flows">
          {list.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-2 text-sm">
              <Link href={`/flows/execution-contacts/${c.id}`} className="font-medium text-indigo-700 hover:underline">{c.flow_name}</Link>
              <ContactStatusBadge status={c.status} />
              <span className="text-xs text-slate-500"><DateTime value={c.created_on} /></span>
              {c.is_active && <span className="ml-auto"><Stop c={c} /></span>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
