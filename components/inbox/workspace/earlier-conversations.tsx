'use client';
import Link from 'next/link';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { LoadingState } from '@/components/ui/states';
import { useContactConversations } from '@/lib/client/inbox';
import { useConversationMessages } from '@/lib/client/messages';
import type { Conversation } from '@/lib/client/types';
import { ConversationStatusBadge } from '../conversation-status-badge';
import { MessageThread } from '../message-thread';

// The contact's earlier conversations above the open one, so their history is one scroll: the
// next earlier one loads when the agent scrolls to the top (or asks for it). What is added above
// keeps what the agent is reading in place: the scroller moves down by what was added.

const startedOn = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function EarlierConversation({ c, timeZone, scroller, onLoaded }: {
  c: Conversation; timeZone?: string; scroller: RefObject<HTMLDivElement | null>; onLoaded: (id: string) => void;
}) {
  const messages = useConversationMessages(c.id);
  const box = useRef<HTMLElement>(null);
  const height = useRef(0);
  useLayoutEffect(() => {
    const el = box.current;
    const root = scroller.current;
    if (!el || !root) return;
    const grown = el.offsetHeight - height.current;
    if (grown) root.scrollTop += grown;
    height.current = el.offsetHeight;
  });
  const loaded = !messages.isPending;
  useEffect(() => {
    if (loaded) onLoaded(c.id);
  }, [loaded, c.id, onLoaded]);
  const started = startedOn(c.created_on, timeZone);
  return (
    <section ref={box} aria-label={`Earlier conversation, started ${started}`} data-testid="earlier-conversation" data-id={c.id}
      className="border-b-4 border-double border-slate-200">
      <div className="flex items-center gap-2 bg-slate-100 px-4 py-1.5 text-xs text-slate-600">
        <span className="min-w-0 flex-1 truncate">Conversation started {started}</span>
        <ConversationStatusBadge status={c.status} />
        <Link href={`/inbox/${c.id}`} className="font-medium text-indigo-700 hover:underline">Open</Link>
      </div>
      {messages.isPending ? <LoadingState /> : messages.isError && !messages.data
        ? <p className="p-4 text-center text-xs text-rose-700">These messages could not be loaded.</p>
        : <MessageThread messages={messages.data.results} total={messages.data.count} timeZone={timeZone}
            label={`Messages of the conversation started ${started}`} />}
    </section>
  );
}

export function EarlierConversations({ conversation, scroller, ready, timeZone }: {
  conversation: Conversation; scroller: RefObject<HTMLDivElement | null>;
  /** The open conversation's own messages are all shown (only then does reaching the top mean "earlier"). */
  ready: boolean; timeZone?: string;
}) {
  const list = useContactConversations(conversation.contact);
  const earlier = (list.data?.results ?? []).filter((c) => c.id !== conversation.id && c.created_on < conversation.created_on);
  const [shown, setShown] = useState(0);
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const onLoaded = useRef((id: string) => setLoaded((s) => (s.has(id) ? s : new Set(s).add(id)))).current;
  const sentinel = useRef<HTMLDivElement>(null);
  const visible = earlier.slice(0, shown);
  const more = shown < earlier.length;
  // One at a time: the next is asked for once the last one shown has loaded.
  const idle = ready && more && visible.every((c) => loaded.has(c.id));
  useEffect(() => {
    const root = scroller.current;
    const el = sentinel.current;
    if (!idle || !root || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setShown((n) => n + 1);
    }, { root, rootMargin: '300px 0px 0px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [idle, scroller, shown]);
  if (!earlier.length || !ready) return null;
  return (
    <div>
      {more ? (
        <div ref={sentinel} className="px-4 py-2 text-center text-xs text-slate-500">
          <button type="button" disabled={!idle} onClick={() => setShown((n) => n + 1)} className="font-medium text-indigo-700 hover:underline disabled:text-slate-400">
            {idle ? `Show an earlier conversation (${earlier.length - shown} more)` : 'Loading…'}
          </button>
        </div>
      ) : <p className="px-4 py-2 text-center text-xs text-slate-500">The beginning of this contact&apos;s history.</p>}
      {[...visible].reverse().map((c) => <EarlierConversation key={c.id} c={c} timeZone={timeZone} scroller={scroller} onLoaded={onLoaded} />)}
      {shown > 0 && (
        <p className="bg-slate-100 px-4 py-1.5 text-xs text-slate-600">This conversation, started {startedOn(conversation.created_on, timeZone)}</p>
      )}
    </div>
  );
}
