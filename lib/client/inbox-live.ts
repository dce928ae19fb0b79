'use client';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { queryKeys } from './query-keys';

// The inbox's live connection (GET /api/inbox/events): changes reload exactly the conversations
// and contacts named; a (re)connect or a server-side gap reloads everything shown. While the
// stream is down, the inbox's queries poll (useInboxPollMs).
//
// A reload drops any read of the same data already in flight: that read may have started before the
// change, and TanStack Query would otherwise let an invalidation join it (it does for a query with
// no data yet), so the page would keep the state from before the change with nothing left to fix it.

export type LiveState = 'connecting' | 'live' | 'offline';

let current: LiveState = 'connecting';
const watchers = new Set<() => void>();
function setState(next: LiveState) {
  if (next === current) return;
  current = next;
  for (const w of watchers) w();
}

export function useLiveState(): LiveState {
  return useSyncExternalStore((w) => { watchers.add(w); return () => watchers.delete(w); }, () => current, () => 'connecting');
}

/**
 * Polling as the fallback while the stream is down; while it is live, a slow check only: the stream
 * tells a member of the conversations they can see, so one that leaves their view (assigned to
 * someone whose conversations they cannot see) is found by this check.
 */
export function useInboxPollMs(): number {
  return useLiveState() === 'live' ? 30_000 : 5_000;
}

/** Reads `queryKey` (and everything under it) again, dropping reads in flight that may predate a change. */
export async function reloadQueries(qc: QueryClient, queryKey: QueryKey) {
  await qc.cancelQueries({ queryKey });
  await qc.invalidateQueries({ queryKey });
}

// When the stream last named each conversation (or everything), so a write's answer that may have
// been read before another change does not stay on screen (see keepLatest).
const changedAt = new Map<string, number>();
let everythingChangedAt = 0;

/**
 * For a mutation's onSuccess, after it put its answer in the cache: when the stream announced a
 * change to the conversation while the mutation was in flight, the answer may predate it, so the
 * conversation is read again.
 */
export function keepLatest(qc: QueryClient, id: string, startedAt: number) {
  if (Math.max(changedAt.get(id) ?? 0, everythingChangedAt) >= startedAt) void reloadQueries(qc, queryKeys.conversation(id));
}

/** Changes arriving together are applied together: one reload per query, however many events named it. */
const BATCH_MS = 50;

/** Opens the stream for as long as the calling component is mounted (one per page). */
export function useInboxLive() {
  const qc = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let batch: ReturnType<typeof setTimeout> | undefined;
    const pending = new Set<string>();
    const pendingContacts = new Set<string>();
    let pendingLists = false;
    const reloadAll = () => {
      everythingChangedAt = Date.now();
      pending.clear();
      pendingContacts.clear();
      pendingLists = false;
      void reloadQueries(qc, [...queryKeys.contacts, 'detail']);
      return reloadQueries(qc, queryKeys.conversations);
    };
    const flush = () => {
      batch = undefined;
      if (pendingLists) {
        void reloadQueries(qc, [...queryKeys.conversations, 'list']);
        void reloadQueries(qc, [...queryKeys.conversations, 'unread']);
      }
      for (const id of pending) {
        void reloadQueries(qc, queryKeys.conversation(id));
        void reloadQueries(qc, queryKeys.conversationMessages(id));
      }
      for (const id of pendingContacts) void reloadQueries(qc, queryKeys.contact(id));
      pending.clear();
      pendingContacts.clear();
      pendingLists = false;
      // Only a write in flight needs to know (keepLatest): older entries can go.
      if (changedAt.size > 1_000) for (const [id, at] of changedAt) if (at < Date.now() - 60_000) changedAt.delete(id);
    };
    const connect = () => {
      setState('connecting');
      source = new EventSource('/api/inbox/events');
      source.addEventListener('ready', (e) => {
        const { listening } = JSON.parse((e as MessageEvent).data) as { listening: boolean };
        setState(listening ? 'live' : 'offline');
        // What was read before the stream was following (at first, the page's own first reads; after
        // a reconnect, everything shown) may have changed meanwhile.
        void reloadAll();
      });
      source.addEventListener('change', (e) => {
        const { conversations, contacts = [] } = JSON.parse((e as MessageEvent).data) as { conversations: string[] | null; contacts?: string[] };
        if (!conversations) return void reloadAll();
        for (const id of contacts) pendingContacts.add(id);
        const now = Date.now();
        for (const id of conversations) {
          changedAt.set(id, now);
          pending.add(id);
        }
        pendingLists = true;
        batch ??= setTimeout(flush, BATCH_MS);
      });
      source.addEventListener('resync', () => { setState('live'); void reloadAll(); });
      source.addEventListener('lost', () => setState('offline'));
      source.onerror = () => {
        setState('offline');
        // The browser retries by itself unless the server answered with an error (a restart).
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(connect, 2_000);
        }
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      clearTimeout(batch);
      source?.close();
      setState('connecting');
    };
  }, [qc]);
}
