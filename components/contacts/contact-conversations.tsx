'use client';
import Link from 'next/link';
import { ConversationStatusBadge } from '@/components/inbox/conversation-status-badge';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { useContactConversations } from '@/lib/client/inbox';

/** The contact's conversations, newest first, each opening in the inbox. */
export function ContactConversations({ contactId }: { contactId: string }) {
  const list = useContactConversations(contactId);
  if (list.isPending) return <LoadingState />;
  if (list.isError || !list.data.results.length) return <EmptyState title="No conversations yet" />;
  return (
    <ul aria-label="Conversations" className="divide-y divide-slate-100 text-sm">
      {list.data.results.map((c) => (
        <li key={c.id} className="flex items-center gap-3 py-2">
          <Link href={`/inbox/${c.id}`} className="font-medium text-indigo-700 hover:underline"><DateTime value={c.created_on} /></Link>
          <ConversationStatusBadge status={c.status} />
          <span className="min-w-0 flex-1 truncate text-xs text-slate-600">{c.last_message?.body ?? ''}</span>
        </li>
      ))}
    </ul>
  );
}
