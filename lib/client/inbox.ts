'use client';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAsRendered } from './hydrated';
import { apiFetch } from './api-fetch';
import { keepLatest, useInboxPollMs } from './inbox-live';
import { queryKeys } from './query-keys';
import type { Conversation, Message, Page } from './types';

// The workspace's reads and writes: the filtered conversation list (pages appended as the agent
// scrolls), reading, replies and notes, and the contact's conversations.

export type InboxFilters = { view: string; status: string; tag: string; q: string; team: string };
export const INBOX_PAGE_SIZE = 30;

export function inboxQuery(f: InboxFilters): URLSearchParams {
  const qs = new URLSearchParams({ ordering: '-last_message_on', page_size: String(INBOX_PAGE_SIZE) });
  if (f.view === 'mine') qs.set('assigned', 'me');
  if (f.view === 'unassigned') qs.set('assigned', 'none');
  if (f.view === 'unread') qs.set('unread', 'true');
  if (f.view === 'archived') qs.set('archived', 'true');
  if (f.status) qs.set('status', f.status);
  if (f.tag) qs.set('tag', f.tag);
  if (f.team) qs.set('team', f.team);
  if (f.q) qs.set('search', f.q);
  return qs;
}

export function useInboxList(filters: InboxFilters) {
  const poll = useInboxPollMs();
  return useInfiniteQuery({
    queryKey: [...queryKeys.conversations, 'list', 'inbox', filters],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const qs = inboxQuery(filters);
      qs.set('page', String(pageParam));
      return apiFetch<Page<Conversation>>(`/api/inbox/conversation?${qs}`, { signal });
    },
    getNextPageParam: (last, all) => (last.next ? all.length + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: poll,
  });
}

/** Conversations with something unread (the count in the navigation and the tab title). */
export function useUnreadCount() {
  const poll = useInboxPollMs();
  return useAsRendered(useQuery({
    queryKey: [...queryKeys.conversations, 'unread'],
    queryFn: ({ signal }) => apiFetch<Page<Conversation>>('/api/inbox/conversation?unread=true&page_size=1', { signal }),
    select: (page) => page.count,
    refetchInterval: poll || 30_000,
  }));
}

export function useContactConversations(contactId: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.conversations, 'list', 'contact', contactId],
    enabled: !!contactId,
    queryFn: ({ signal }) => apiFetch<Page<Conversation>>(`/api/inbox/conversation?contact=${contactId}&page_size=50`, { signal }),
  });
}

export function useMarkRead(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<Conversation>(`/api/inbox/conversation/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onMutate: () => ({ startedAt: Date.now() }),
    onSuccess: (c, _v, context) => {
      qc.setQueryData(queryKeys.conversation(id), c);
      keepLatest(qc, id, context.startedAt);
    },
  });
}

/** A reply (inside the window, text or a file with its caption) or an internal note. */
export function useCompose(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string; internal: boolean; attachment?: string }) =>
      apiFetch<Message>(`/api/inbox/conversation/${encodeURIComponent(id)}/messages`, { method: 'POST', json: body }),
    // Not awaited: the send is done when the API has it, and the agent may send the next reply
    // while the thread reloads.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.conversationMessages(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.conversation(id) });
    },
  });
}
