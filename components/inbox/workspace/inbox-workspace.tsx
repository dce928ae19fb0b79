'use client';
import { useEffect } from 'react';
import { useUnreadCount } from '@/lib/client/inbox';
import { useInboxLive } from '@/lib/client/inbox-live';
import { EmptyState } from '@/components/ui/states';
import { ConversationList } from './conversation-list';
import { filterQuery, useInboxFilters } from './inbox-filters';
import { LiveIndicator } from './live-indicator';
import { ThreadPane } from './thread-pane';
import { WorkspaceTools } from './workspace-tools';

/**
 * The agent's workspace: the conversation list beside the open conversation (named by the URL,
 * /inbox/{id}), its actions and contact. On a phone-sized screen one pane shows at a time.
 */
export function InboxWorkspace({ openId }: { openId: string | null }) {
  useInboxLive();
  const filters = useInboxFilters();
  const unread = useUnreadCount();
  useEffect(() => {
    document.title = unread.data ? `(${unread.data}) Inbox · Engage` : 'Inbox · Engage';
  }, [unread.data]);
  return (
    <div className="flex h-[calc(100dvh-3.5rem)] min-h-[28rem] flex-col overflow-hidden bg-white lg:h-dvh">
      <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
        <span className="text-sm font-semibold text-slate-900">Inbox</span>
        <div className="flex items-center gap-3"><WorkspaceTools openId={openId} /><LiveIndicator /></div>
      </div>
      <div className="flex min-h-0 flex-1">
        <div className={`${openId ? 'hidden lg:flex' : 'flex'} w-full min-h-0 flex-col border-r border-slate-200 lg:w-80 lg:shrink-0`}>
          <ConversationList openId={openId} />
        </div>
        <div className={`${openId ? 'flex' : 'hidden lg:flex'} min-h-0 min-w-0 flex-1 flex-col`}>
          {openId ? <ThreadPane key={openId} id={openId} backHref={`/inbox${filterQuery(filters)}`} />
            : <div className="m-auto"><EmptyState title="Choose a conversation">New messages appear here as they arrive.</EmptyState></div>}
        </div>
      </div>
    </div>
  );
}
