'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { conversationQuery, useUpdateConversation } from '@/lib/client/conversations';
import { useInboxList } from '@/lib/client/inbox';
import { useMe } from '@/lib/client/me';
import type { Conversation } from '@/lib/client/types';
import { COMPOSER_SELECTOR } from './composer';
import { filterQuery, useInboxFilters } from './inbox-filters';

// The workspace's keyboard: single keys, ignored while typing in a field (the reply box has its
// own Ctrl+Enter to send), so an agent can work the queue without the mouse.

export const SHORTCUTS: { keys: string[]; label: string }[] = [
  { keys: ['j'], label: 'Next conversation' },
  { keys: ['k'], label: 'Previous conversation' },
  { keys: ['r'], label: 'Focus the reply box' },
  { keys: ['Ctrl', 'Enter'], label: 'Send (in the reply box; ⌘ Enter on a Mac)' },
  { keys: ['e'], label: 'Resolve the conversation' },
  { keys: ['a'], label: 'Assign the conversation to me' },
  { keys: ['Esc'], label: 'Leave the reply box, close this list' },
  { keys: ['?'], label: 'Show these shortcuts' },
];

// Single-key shortcuts can be switched off (WCAG 2.1.4: a key pressed by speech input or by
// mistake must not resolve a conversation), per browser, from the shortcuts dialog.
const OFF_KEY = 'engage.inbox.single-key-shortcuts';
const offWatchers = new Set<() => void>();
const readOff = () => { try { return localStorage.getItem(OFF_KEY) === 'off'; } catch { return false; } };

export function useSingleKeyShortcutsOff(): [boolean, (off: boolean) => void] {
  const off = useSyncExternalStore((w) => { offWatchers.add(w); return () => offWatchers.delete(w); }, readOff, () => false);
  const set = (value: boolean) => {
    try { if (value) localStorage.setItem(OFF_KEY, 'off'); else localStorage.removeItem(OFF_KEY); } catch { /* private mode */ }
    for (const w of offWatchers) w();
  };
  return [off, set];
}

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.isContentEditable;
}

// The conversation the last j or k went to, until its page is mounted: the URL changes first, and a
// key pressed in between moves on from it, not from the page being left (so j j moves two down).
// Forgotten after a moment, in case that page never comes (the agent went elsewhere).
let heading: { id: string; until: number } | null = null;

export function useInboxShortcuts(openId: string | null, showHelp: (open: boolean | ((v: boolean) => boolean)) => void) {
  const router = useRouter();
  const filters = useInboxFilters();
  const list = useInboxList(filters);
  const me = useMe();
  const qc = useQueryClient();
  const update = useUpdateConversation(openId ?? '');
  // Where the open conversation last sat in the list: once it leaves it (resolved and archived,
  // read in the Unread view), j and k go on from that place rather than from the top.
  const place = useRef<{ id: string; at: number } | null>(null);
  useEffect(() => {
    const at = openId ? (list.data?.pages.flatMap((p) => p.results.map((c) => c.id)) ?? []).indexOf(openId) : -1;
    if (openId && at >= 0) place.current = { id: openId, at };
  }, [list.data, openId]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && typing(e.target)) { if (!e.defaultPrevented) (e.target as HTMLElement).blur(); return; }
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typing(e.target) || readOff()) return;
      const ids = list.data?.pages.flatMap((p) => p.results.map((c) => c.id)) ?? [];
      const go = (step: number) => {
        const from = heading && heading.until > Date.now() ? heading.id : openId;
        const at = from ? ids.indexOf(from) : -1;
        const left = at === -1 && from && place.current?.id === from ? place.current.at : null;
        // Gone from the list, the row after it has taken its place: j opens that one, k the one before.
        const target = at !== -1 ? at + step : left !== null ? left + (step > 0 ? 0 : -1) : 0;
        // Nothing before the first or after the last: the key does nothing (k at the top must not open what comes after).
        if (target < 0 || target >= ids.length) return;
        const next = ids[target];
        if (!next || next === from) return;
        heading = { id: next, until: Date.now() + 3000 };
        router.push(`/inbox/${next}${filterQuery(filters)}`);
      };
      // The open conversation as the thread pane last loaded it, or once it has loaded: a key pressed
      // as the page comes is not lost. A load cancelled by the pane's own refetch is waited for again.
      // While a j or k is on its way to another conversation, a and e would act on the one being
      // left: they wait for the next page instead (pressed again there).
      const moving = heading !== null && heading.until > Date.now() && heading.id !== openId;
      const withOpen = (act: (c: Conversation) => void, tries = 3) => {
        if (openId && !moving) void qc.ensureQueryData(conversationQuery(openId)).then(act, () => { if (tries > 1) withOpen(act, tries - 1); });
      };
      const actions: Record<string, () => void> = {
        j: () => go(1),
        k: () => go(-1),
        r: () => document.querySelector<HTMLElement>(COMPOSER_SELECTOR)?.focus(),
        e: () => withOpen((c) => { if (c.status !== 'RESOLVED') update.mutate({ status: 'RESOLVED' }); }),
        a: () => withOpen((c) => {
          const mine = me.data?.user.id;
          if (mine && !c.assigned.some((u) => u.id === mine)) update.mutate({ add_assigned: [{ id: mine }] });
        }),
        '?': () => showHelp((v) => !v),
        Escape: () => showHelp(false),
      };
      const action = actions[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [list.data, openId, qc, me.data, update, router, filters, showHelp]);
  useEffect(() => {
    if (heading?.id === openId) heading = null;
  }, [openId]);
}

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [off, setOff] = useSingleKeyShortcutsOff();
  // A native modal dialog: it takes the focus, keeps it inside, closes on Escape and gives the
  // focus back to where it was.
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog ref={dialog} aria-labelledby="shortcuts-title" onClose={onClose}
      onClick={(e) => { if (e.target === dialog.current) onClose(); }}
      className="m-auto w-full max-w-sm rounded-lg bg-white p-5 shadow-xl backdrop:bg-slate-900/40">
      <div className="flex items-center justify-between">
        <h2 id="shortcuts-title" className="text-base font-semibold text-slate-900">Keyboard shortcuts</h2>
        <button type="button" onClick={onClose} aria-label="Close" className="text-slate-500 hover:text-slate-900">✕</button>
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        {SHORTCUTS.map((s) => (
          <div key={s.label} className="flex items-center justify-between gap-4">
            <dt className="text-slate-700">{s.label}</dt>
            <dd className="flex shrink-0 gap-1">{s.keys.map((k) => (
              <kbd key={k} className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">{k}</kbd>
            ))}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-500">Shortcuts do nothing while you type in a field, except sending from the reply box.</p>
      <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={!off} onChange={(e) => setOff(!e.target.checked)} />
        Single-key shortcuts (j, k, r, e, a, ?) on in this browser
      </label>
    </dialog>
  );
}
