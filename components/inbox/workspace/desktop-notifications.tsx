'use client';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { contactName } from '@/components/contacts/contact-name';
import { apiFetch } from '@/lib/client/api-fetch';
import { useInboxPollMs } from '@/lib/client/inbox-live';
import { queryKeys } from '@/lib/client/query-keys';
import type { Conversation, Page } from '@/lib/client/types';

// Optional desktop notifications (the Notification API) for new inbound messages in the
// conversations assigned to me, shown only while the tab is hidden. The choice is kept in this
// browser (localStorage), as it is about this device.

const KEY = 'inbox.desktop-notifications';
const watchers = new Set<() => void>();
// Counts the times they were turned on: each time, my conversations are read afresh and that read
// is what was there already (the one cached from before was read before what arrived while off).
let turnedOn = 1;

function enabled(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && localStorage.getItem(KEY) === 'on' && Notification.permission === 'granted';
}

/** 0 while off; otherwise which time they were turned on. */
function useNotificationsState(): number {
  return useSyncExternalStore((w) => { watchers.add(w); return () => watchers.delete(w); }, () => (enabled() ? turnedOn : 0), () => 0);
}

export function useNotificationsOn(): boolean {
  return useNotificationsState() > 0;
}

async function setNotifications(on: boolean): Promise<void> {
  if (on && Notification.permission !== 'granted') await Notification.requestPermission();
  if (on) turnedOn += 1;
  localStorage.setItem(KEY, on ? 'on' : 'off');
  for (const w of watchers) w();
}

export function NotificationsToggle() {
  const on = useNotificationsOn();
  const supported = useSyncExternalStore(() => () => {}, () => 'Notification' in window, () => false);
  const denied = useSyncExternalStore(() => () => {}, () => 'Notification' in window && Notification.permission === 'denied', () => false);
  if (!supported) return null;
  return (
    <label className="hidden items-center gap-1.5 text-xs text-slate-600 sm:inline-flex"
      title={denied ? 'This browser blocks notifications from this site: allow them in its site settings.' : 'Notify me of new messages in my conversations while this tab is hidden'}>
      <input type="checkbox" checked={on} disabled={denied} onChange={(e) => void setNotifications(e.target.checked)} className="size-3.5 accent-indigo-600" />
      Desktop notifications{denied ? ' (blocked)' : ''}
    </label>
  );
}

const latestOf = (list: Conversation[]) => new Map(list.map((c) => [c.id, c.last_message?.id ?? '']));

/** Watches my conversations (refreshed by the live stream) and notifies of each new inbound message. */
export function useDesktopNotifications() {
  const round = useNotificationsState();
  const on = round > 0;
  const router = useRouter();
  const poll = useInboxPollMs();
  // The latest message of each of my conversations as last seen, in this round.
  const seen = useRef<{ round: number; last: Map<string, string> } | null>(null);
  const mine = useQuery({
    queryKey: [...queryKeys.conversations, 'list', 'notify-mine', round],
    enabled: on,
    // The round's first answer is what was there already. It is kept as it arrives (and the request
    // is not aborted): a live reload may drop it and read again, and what arrived meanwhile is new.
    queryFn: async () => {
      const page = await apiFetch<Page<Conversation>>('/api/inbox/conversation?assigned=me&ordering=-last_message_on&page_size=20');
      if (seen.current?.round !== round) seen.current = { round, last: latestOf(page.results) };
      return page;
    },
    refetchInterval: poll,
  });
  useEffect(() => {
    const list = mine.data?.results;
    if (!on || !list) return;
    const before = seen.current?.round === round ? seen.current.last : null;
    seen.current = { round, last: latestOf(list) };
    if (!before || !document.hidden) return;
    for (const c of list) {
      const m = c.last_message;
      if (!m || m.direction !== 'INBOUND' || before.get(c.id) === m.id) continue;
      const note = new Notification(contactName(c.contact_summary), { body: m.body || `[${m.msg_type}]`, tag: c.id });
      note.onclick = () => { window.focus(); router.push(`/inbox/${c.id}`); note.close(); };
    }
  }, [on, round, mine.data, router]);
}
