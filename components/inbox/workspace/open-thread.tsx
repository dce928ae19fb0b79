'use client';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Thread, useConversationMessages } from '@/lib/client/messages';
import { MessageThread } from '../message-thread';

// The open conversation's messages in its scroller. Earlier pages load as the agent nears the top
// (or presses "Load earlier messages"), keeping the message they were reading in place; new
// messages scroll into view only when the agent is at the end already or sent them.

type Messages = ReturnType<typeof useConversationMessages>;

/** How close to the end counts as "at the end" (a new message then scrolls into view). */
const END_SLACK_PX = 80;

const positionIn = (root: HTMLElement, id: string) => {
  const el = root.querySelector(`[data-testid="message"][data-id="${CSS.escape(id)}"]`);
  return el ? el.getBoundingClientRect().top - root.getBoundingClientRect().top + root.scrollTop : null;
};

export function OpenThread({ messages, thread, scroller, timeZone, myId }: {
  /** The query, for its earlier pages; `thread`, what it has loaded. */
  messages: Messages; thread: Thread; scroller: RefObject<HTMLDivElement | null>; timeZone?: string;
  /** The signed-in member: what they send is scrolled to wherever they were reading. */
  myId?: number;
}) {
  const { hasPreviousPage, isFetching, isFetchingPreviousPage, fetchPreviousPage } = messages;
  const list = thread.results;
  const firstId = list[0]?.id;
  const last = list.at(-1);
  const sentinel = useRef<HTMLDivElement>(null);
  // Asked for by the top coming into reach or the button; fetched once no other read is in flight,
  // as starting it would cancel a reload carrying a live change.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted || isFetching) return;
    setWanted(false);
    if (hasPreviousPage) void fetchPreviousPage({ cancelRefetch: false });
  }, [wanted, isFetching, hasPreviousPage, fetchPreviousPage]);
  // Made again after each read, so a top still in reach asks for the next page.
  useEffect(() => {
    const root = scroller.current;
    const el = sentinel.current;
    if (!hasPreviousPage || isFetching || !root || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setWanted(true);
    }, { root, rootMargin: '300px 0px 0px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasPreviousPage, isFetching, scroller]);

  // Where the first message shown sits in the scroller's content, as of the last render: when
  // messages are added above it, the scroller moves down by as much.
  const anchor = useRef<{ id: string; top: number } | null>(null);
  useLayoutEffect(() => {
    const root = scroller.current;
    if (!root) return;
    const before = anchor.current;
    if (before && before.id !== firstId) {
      const now = positionIn(root, before.id);
      if (now !== null) root.scrollTop += now - before.top;
    }
    const top = firstId ? positionIn(root, firstId) : null;
    anchor.current = firstId && top !== null ? { id: firstId, top } : null;
  });

  const atEnd = useRef(true);
  // A message arrived below while the agent read further up: a button takes them there.
  const [newBelow, setNewBelow] = useState(false);
  // A message arriving at the end is said by screen readers (a polite live region); the ones on
  // screen when the conversation opens, and earlier ones loaded above, are not.
  const [announced, setAnnounced] = useState('');
  const lastSeen = useRef<string | null>(null);
  useEffect(() => {
    if (!last) return;
    if (lastSeen.current !== null && lastSeen.current !== last.id && last.msg_type !== 'note') {
      const who = last.direction === 'INBOUND' ? 'The contact' : 'Sent';
      setAnnounced(`${who}: ${last.body || last.msg_type}`);
    }
    lastSeen.current = last.id;
  }, [last]);
  useEffect(() => {
    const root = scroller.current;
    if (!root) return;
    const onScroll = () => {
      atEnd.current = root.scrollHeight - root.scrollTop - root.clientHeight <= END_SLACK_PX;
      if (atEnd.current) setNewBelow(false);
    };
    root.addEventListener('scroll', onScroll, { passive: true });
    // Whatever changes size later (the pane, an image, the history row above) keeps the end in view
    // for an agent who was there.
    const resized = new ResizeObserver(() => { if (atEnd.current) root.scrollTop = root.scrollHeight; });
    resized.observe(root);
    for (const child of root.children) resized.observe(child);
    return () => {
      root.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, [scroller]);
  const lastId = last?.id;
  const mine = !!last && last.direction === 'OUTBOUND' && myId !== undefined && last.sent_by?.id === myId;
  useLayoutEffect(() => {
    const root = scroller.current;
    if (!root) return;
    if (atEnd.current || mine) {
      root.scrollTop = root.scrollHeight;
      atEnd.current = true;
    } else {
      setNewBelow(true);
    }
  }, [lastId, mine, scroller]);

  return (
    <>
      {hasPreviousPage && (
        <div ref={sentinel} className="bg-slate-50 px-4 pt-3 text-center text-xs">
          <button type="button" disabled={isFetchingPreviousPage} onClick={() => setWanted(true)}
            className="font-medium text-indigo-700 hover:underline disabled:text-slate-400">
            {isFetchingPreviousPage ? 'Loading earlier messages…' : 'Load earlier messages'}
          </button>
        </div>
      )}
      <MessageThread messages={list} timeZone={timeZone} />
      <p role="status" className="sr-only" data-testid="thread-announcer">{announced}</p>
      {newBelow && (
        <div className="sticky bottom-0 flex h-0 justify-center">
          <button type="button" onClick={() => { const root = scroller.current; if (root) root.scrollTop = root.scrollHeight; }}
            className="h-7 -translate-y-10 rounded-full bg-indigo-600 px-3 text-xs font-medium text-white shadow-md hover:bg-indigo-700">
            New messages ↓
          </button>
        </div>
      )}
    </>
  );
}
