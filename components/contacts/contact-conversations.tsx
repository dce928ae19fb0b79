'use client';
import Link from 'next/link';
import { ConversationStatusBadge } from '@/components/inbox/conversation-status-badge';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useContactConversations } from '@/lib/client/inbox';
import { useMe } from '@/lib/client/me';

/**
 * The contact's conversations, newest first, each opening in the inbox. An agent who sees only
 * their own conversations (docs/account.md) is told that others may exist.
 */
export function ContactConversations({ contactId }: { contactId: string }) {
  const list = useContactConversations(contactId);
  const me = useMe();
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  if (!list.data.results.length) {
    const limited = me.data?.user.role === 'AGENT' && !me.data.account.agents_can_see_all_conversations;
    return limited
      ? <EmptyState title="No conversations you can see">You see the conversations assigned to you or to your teams; others may have talked with this contact.</EmptyState>
      : <EmptyState title="No conversations yet" />;
  }
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
