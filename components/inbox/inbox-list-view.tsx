'use client';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { contactName } from '@/components/contacts/contact-name';
import { personName } from '@/components/people/person-name';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { inputClass } from '@/components/ui/text-field';
import { Pager } from '@/components/ui/pager';
import { isApiError } from '@/lib/client/api-fetch';
import {
  CONVERSATIONS_PAGE_SIZE, CONVERSATION_STATUSES, useConversationContact, useConversations,
} from '@/lib/client/conversations';
import type { Conversation } from '@/lib/client/types';
import { ConversationStatusBadge, conversationStatusLabel } from './conversation-status-badge';

function ContactCell({ conversation }: { conversation: Conversation }) {
  const contact = useConversationContact(conversation.contact);
  return (
    <Link href={`/inbox/${conversation.id}`} className="font-medium text-indigo-700 hover:underline">
      {contact.data ? contactName(contact.data) : contact.isError ? 'Unknown contact' : '…'}
    </Link>
  );
}

/** A simple list of conversations, newest activity first, filtered by status (?status=&page= in the URL). */
export function InboxListView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const go = (next: { status?: string; page?: number }) => {
    const qs = new URLSearchParams(params);
    const s = next.status ?? status;
    if (s) qs.set('status', s); else qs.delete('status');
    const p = next.page ?? page;
    if (p > 1) qs.set('page', String(p)); else qs.delete('page');
    router.replace(qs.size ? `${pathname}?${qs}` : pathname, { scroll: false });
  };

  const conversations = useConversations(status, page);
  useEffect(() => {
    if (isApiError(conversations.error, 404) && page > 1) go({ page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversations.error, page]);

  return (
    <>
      <PageHeader title="Inbox" description="Conversations with your contacts, most recent activity first." />
      <Card flush>
        <div className="flex items-center gap-3 border-b border-slate-200 p-4">
          <label htmlFor="inbox-status" className="text-sm font-medium text-slate-700">Status</label>
          <select id="inbox-status" value={status} onChange={(e) => go({ status: e.target.value, page: 1 })} className={`${inputClass} max-w-xs`}>
            <option value="">All statuses</option>
            {CONVERSATION_STATUSES.map((s) => <option key={s} value={s}>{conversationStatusLabel[s]}</option>)}
          </select>
          {conversations.isFetching && !conversations.isPending && <Spinner className="size-4 text-slate-400" />}
        </div>
        {conversations.isPending ? <LoadingState /> : conversations.isError ? (
          <div className="p-4"><ErrorState error={conversations.error} onRetry={() => conversations.refetch()} /></div>
        ) : conversations.data.results.length === 0 ? (
          status ? <EmptyState title={`No ${conversationStatusLabel[status as Conversation['status']] ?? status} conversations`} />
            : <EmptyState title="No conversations yet">Send a template from <Link href="/templates" className="underline">Templates</Link> to start one.</EmptyState>
        ) : (
          <>
            <Table label="Conversations">
              <thead><tr><Th>Contact</Th><Th>Status</Th><Th>Last message</Th><Th>Assigned</Th><Th>Started</Th></tr></thead>
              <tbody className="divide-y divide-slate-100">
                {conversations.data.results.map((c) => (
                  <tr key={c.id}>
                    <Td><ContactCell conversation={c} /></Td>
                    <Td><ConversationStatusBadge status={c.status} /></Td>
                    <Td><DateTime value={c.last_message_on} /></Td>
                    <Td>{c.assigned.length ? c.assigned.map((u) => personName(u)).join(', ') : <span className="text-slate-400">—</span>}</Td>
                    <Td><DateTime value={c.created_on} /></Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pager label="Conversations pagination" noun="conversations" page={page} pageSize={CONVERSATIONS_PAGE_SIZE}
              count={conversations.data.count} hasPrevious={!!conversations.data.previous} hasNext={!!conversations.data.next}
              onPage={(p) => go({ page: p })} />
          </>
        )}
      </Card>
    </>
  );
}
