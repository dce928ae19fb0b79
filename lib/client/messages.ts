'use client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch, isApiError } from './api-fetch';
import { useInboxPollMs, useLiveState } from './inbox-live';
import { queryKeys } from './query-keys';
import type { Message, Page, SandboxInbound } from './types';
import { useSingleFlightMutation } from './single-flight';

/** The thread and the sandbox phone refresh this often (statuses move on a timer of about a second). */
export const MESSAGE_POLL_MS = 1_500;
const THREAD_PAGE_SIZE = 200;

export type Thread = { count: number; results: Message[] };

/**
 * The latest messages of an oldest-first list: the first page, or, when there are more than fit in
 * one, the last page (so the newest are always shown).
 */
async function latest(base: string, signal: AbortSignal): Promise<Thread> {
  const sep = base.includes('?') ? '&' : '?';
  const first = await apiFetch<Page<Message>>(`${base}${sep}page_size=${THREAD_PAGE_SIZE}`, { signal });
  if (first.count <= first.results.length) return { count: first.count, results: first.results };
  const lastPage = Math.ceil(first.count / THREAD_PAGE_SIZE);
  const last = await apiFetch<Page<Message>>(`${base}${sep}page_size=${THREAD_PAGE_SIZE}&page=${lastPage}`, { signal });
  return { count: last.count, results: last.results };
}

type ThreadPage = { page: number; count: number; next: boolean; results: Message[] };

/** A page of the thread's oldest-first list; `'latest'` is the last page, as the thread opens on it. */
type ThreadPageParam = number | 'latest';

const threadKey = (id: string) => queryKeys.conversationMessages(id);

async function threadPage(qc: QueryClient, id: string, param: ThreadPageParam, signal: AbortSignal): Promise<ThreadPage> {
  const base = `/api/inbox/conversation/${encodeURIComponent(id)}/messages?page_size=${THREAD_PAGE_SIZE}`;
  // A reload keeps the page the thread opened on (newer pages follow it), so that new messages
  // crossing a page boundary do not replace what is shown by the few past the boundary.
  const opened = qc.getQueryData<InfiniteData<ThreadPage, ThreadPageParam>>(threadKey(id))?.pages[0]?.page;
  let page = param === 'latest' ? opened ?? null : param;
  if (page === null) {
    const first = await apiFetch<Page<Message>>(base, { signal });
    if (!first.next) return { page: 1, count: first.count, next: false, results: first.results };
    page = Math.ceil(first.count / THREAD_PAGE_SIZE);
  }
  try {
    const got = await apiFetch<Page<Message>>(page > 1 ? `${base}&page=${page}` : base, { signal });
    return { page, count: got.count, next: !!got.next, results: got.results };
  } catch (error) {
    // Messages were deleted and this page is past the end now: nothing is left on it.
    if (page > 1 && isApiError(error, 404)) return { page, count: 0, next: false, results: [] };
    throw error;
  }
}

/** The pages loaded as one list (a message that moved to the next page while paging shows once). */
function wholeThread(data: InfiniteData<ThreadPage, ThreadPageParam>): Thread {
  const seen = new Set<string>();
  const results = data.pages.flatMap((p) => p.results).filter((m) => !seen.has(m.id) && !!seen.add(m.id));
  return { count: Math.max(...data.pages.map((p) => p.count)), results };
}

/**
 * A conversation's messages, oldest first: the latest page at first, earlier pages on request
 * (`fetchPreviousPage`); newer pages are fetched as messages arrive. Follows the live stream
 * (lib/client/inbox-live.ts), which reloads every page loaded; polls only while it is down.
 */
export function useConversationMessages(id: string) {
  const poll = useInboxPollMs();
  const live = useLiveState() === 'live';
  const query = useInfiniteQuery({
    queryKey: threadKey(id),
    queryFn: ({ pageParam, signal, client }) => threadPage(client, id, pageParam, signal),
    initialPageParam: 'latest' as ThreadPageParam,
    getNextPageParam: (last) => (last.next ? last.page + 1 : undefined),
    getPreviousPageParam: (first) => (first.page > 1 ? first.page - 1 : undefined),
    select: wholeThread,
    // The slow check while the stream is live; quick polls while it is down.
    refetchInterval: (q) => (q.state.error ? false : live ? poll : MESSAGE_POLL_MS),
  });
  // A reload reads the pages already loaded; messages past them (a new page) are read next.
  const { hasNextPage, isFetching, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetching) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetching, fetchNextPage]);
  return query;
}

/** A free-form reply; the API refuses it (400) outside the 24-hour window. */
export function useSendMessage(id: string) {
  const qc = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: string) =>
      apiFetch<Message>(`/api/inbox/conversation/${encodeURIComponent(id)}/messages`, { method: 'POST', json: { body } }),
    onSuccess: () => Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.conversationMessages(id) }),
      qc.invalidateQueries({ queryKey: queryKeys.conversation(id) }),
    ]),
  });
}

/** What a number sent and received on the sandbox channel, oldest first; polls while shown. */
export function useSandboxMessages(phone: string) {
  return useQuery({
    queryKey: queryKeys.sandboxMessages(phone),
    enabled: !!phone,
    queryFn: ({ signal }) => latest(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, signal),
    refetchInterval: (query) => (query.state.error ? false : MESSAGE_POLL_MS),
  });
}

/** The sandbox phone's reply, as the contact: enters through the same path as a provider callback. */
export function useSandboxReply() {
  const qc = useQueryClient();
  // Not single-flight: the person playing the contact may tap twice, as a contact can.
  return useMutation({
    mutationFn: (body: SandboxInbound) => apiFetch<Message>('/api/channels/sandbox/inbound', { method: 'POST', json: body }),
    onSuccess: (message, body) => Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.sandboxMessages(body.phone) }),
      qc.invalidateQueries({ queryKey: queryKeys.conversations }),
      message.conversation ? qc.invalidateQueries({ queryKey: queryKeys.conversationMessages(message.conversation) }) : undefined,
    ]),
  });
}
