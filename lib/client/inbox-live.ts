'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { queryKeys } from './query-keys';

// The inbox's live connection (GET /api/inbox/events): changes invalidate exactly the
// conversations named; a reconnect or a server-side gap reloads everything shown. While the stream
// is down, the inbox's queries poll (useInboxPollMs).

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

/** Polling only as the fallback: while the stream is live, nothing polls. */
export function useInboxPollMs(): number | false {
  return useLiveState() === 'live' ? false : 5_000;
}

/** Opens the stream for as long as the calling component is mounted (one per page). */
export function useInboxLive() {
  const qc = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let connectedBefore = false;
    const reloadAll = () => qc.invalidateQueries({ queryKey: queryKeys.conversations });
    const connect = () => {
      setState('connecting');
      source = new EventSource('/api/inbox/events');
      source.addEventListener('ready', (e) => {
        const { listening } = JSON.parse((e as MessageEvent).data) as { listening: boolean };
        setState(listening ? 'live' : 'offline');
        // Whatever happened while disconnected is loaded again.
        if (connectedBefore) void reloadAll();
        connectedBefore = true;
      });
      source.addEventListener('change', (e) => {
        const { conversations } = JSON.parse((e as MessageEvent).data) as { conversations: string[] | null };
        if (!conversations) return void reloadAll();
        void qc.invalidateQueries({ queryKey: [...queryKeys.conversations, 'list'] });
        void qc.invalidateQueries({ queryKey: [...queryKeys.conversations, 'unread'] });
        for (const id of conversations) {
          void qc.invalidateQueries({ queryKey: queryKeys.conversation(id) });
          void qc.invalidateQueries({ queryKey: queryKeys.conversationMessages(id) });
        }
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
      source?.close();
      setState('connecting');
    };
  }, [qc]);
}
