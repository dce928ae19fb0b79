'use client';
import { DocumentTitle } from '@/components/ui/document-title';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { contactName } from '@/components/contacts/contact-name';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { isApiError } from '@/lib/client/api-fetch';
import { useConversation } from '@/lib/client/conversations';
import { useMarkRead } from '@/lib/client/inbox';
import { useMe } from '@/lib/client/me';
import { useConversationMessages } from '@/lib/client/messages';
import { formatPhone } from '@/lib/phone/format';
import { ConversationStatusBadge } from '../conversation-status-badge';
import { Composer } from './composer';
import { ContactPanel } from './contact-panel';
import { EarlierConversations } from './earlier-conversations';
import { ConversationActions } from './conversation-actions';
import { OpenThread } from './open-thread';
import { usePageVisible } from '@/lib/client/use-page-visible';

/** The open conversation: header, thread and composer, with its actions and contact beside it. */
/** Tab and Shift+Tab go round the panel's controls while it covers the page (a modal panel). */
function keepFocusWithin(e: React.KeyboardEvent<HTMLElement>) {
  const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
    .filter((el) => !el.hasAttribute('disabled') && el.offsetParent !== null);
  if (!focusable.length) return;
  const [first, last] = [focusable[0], focusable[focusable.length - 1]];
  if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
}

export function ThreadPane({ id, backHref }: { id: string; backHref: string }) {
  const conversation = useConversation(id);
  const messages = useConversationMessages(id);
  const me = useMe();
  const markRead = useMarkRead(id);
  const scroller = useRef<HTMLDivElement>(null);
  // Below the widest layout the details (actions, contact) open over the thread.
  const [details, setDetails] = useState(false);
  const openDetails = useRef<HTMLButtonElement>(null);
  const closeDetails = useRef<HTMLButtonElement>(null);
  // Over the thread, the details take the keyboard: focus goes in, Escape closes them and returns it.
  useEffect(() => { if (details) closeDetails.current?.focus(); }, [details]);
  // Widened to the layout that shows them beside the thread, they are no longer over it.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 1280px)');
    const onChange = () => { if (wide.matches) setDetails(false); };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);
  const hideDetails = () => { setDetails(false); requestAnimationFrame(() => openDetails.current?.focus()); };
  const unread = conversation.data?.unread_count ?? 0;
  // Open on screen means read, including messages that arrive while it is open; open in a
  // background tab it is not, since unread is shared by the whole team.
  const visible = usePageVisible();
  useEffect(() => {
    if (visible && unread > 0 && !markRead.isPending) markRead.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, id, visible]);

  if (conversation.isPending) return <LoadingState />;
  // A failed refresh keeps what was shown (the live badge says the connection is back or not); a
  // 404 means the conversation is gone from this member's view, whatever was shown.
  const gone = isApiError(conversation.error, 404);
  if (conversation.isError && (gone || !conversation.data)) {
    return (
      <div className="p-4">
        {/* Handing a conversation over is routine: said plainly, not as an error. */}
        {gone ? (
          <EmptyState title="This conversation is not in your inbox">
            It was handed to someone whose conversations you do not see, or it no longer exists.{' '}
            <Link href={backHref} className="font-medium text-indigo-700 hover:underline">Back to your conversations</Link>
          </EmptyState>
        ) : <ErrorState error={conversation.error} onRetry={() => conversation.refetch()} />}
      </div>
    );
  }
  const c = conversation.data!;
  return (
    <div className="flex h-full min-h-0">
      <section aria-label="Conversation" inert={details || undefined} className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2.5">
          <Link href={backHref} className="text-sm text-slate-500 hover:text-slate-900 lg:hidden" aria-label="Back to the list">←</Link>
          <div className="min-w-0 flex-1">
            <DocumentTitle parts={[contactName(c.contact_summary), 'Inbox']} />
            <h1 className="truncate text-base font-semibold text-slate-900">{contactName(c.contact_summary)}</h1>
            {(c.contact_summary.first_name || c.contact_summary.last_name) && (
              <p className="font-mono text-xs text-slate-500">{formatPhone(c.contact_summary.canonical_phone)}</p>
            )}
          </div>
          <ConversationStatusBadge status={c.status} />
          <button ref={openDetails} type="button" aria-expanded={details} onClick={() => setDetails(true)} className="rounded-md px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 xl:hidden">Details</button>
        </header>
        <div ref={scroller} data-testid="thread-scroller" className="flex min-h-0 flex-1 flex-col overflow-y-auto bg-slate-50 [overflow-anchor:none]">
          {/* A thread shorter than the pane sits at its bottom, by the composer, as chats do. */}
          <div className="mt-auto">
            {/* The contact's earlier conversations come once this one's own messages are all shown. */}
            <EarlierConversations conversation={c} scroller={scroller} ready={messages.isSuccess && !messages.hasPreviousPage}
              timeZone={me.data?.account.default_timezone} />
            {messages.isPending ? <LoadingState /> : messages.isError && !messages.data
              ? <div className="p-4"><ErrorState error={messages.error} onRetry={() => messages.refetch()} /></div>
              : <OpenThread messages={messages} thread={messages.data} scroller={scroller} timeZone={me.data?.account.default_timezone} myId={me.data?.user.id} />}
          </div>
        </div>
        <Composer key={c.id} conversation={c} />
      </section>
      <aside aria-label="Details" {...(details ? { role: 'dialog', 'aria-modal': true } : {})}
        onKeyDown={(e) => {
          if (!details) return;
          if (e.key === 'Escape') { e.stopPropagation(); hideDetails(); }
          if (e.key === 'Tab') keepFocusWithin(e);
        }}
        className={`${details ? 'fixed inset-0 z-40 block sm:left-auto sm:w-96 sm:shadow-xl' : 'hidden'} shrink-0 space-y-6 overflow-y-auto border-l border-slate-200 bg-white p-4 xl:static xl:block xl:w-72 xl:shadow-none`}>
        {details && (
          <div className="flex justify-end xl:hidden">
            <button ref={closeDetails} type="button" onClick={hideDetails} className="text-sm text-slate-500 hover:text-slate-900">Close ✕</button>
          </div>
        )}
        <ConversationActions conversation={c} />
        <ContactPanel conversation={c} />
      </aside>
    </div>
  );
}
