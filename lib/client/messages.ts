'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { useInboxPollMs } from './inbox-live';
import { queryKeys } from './query-keys';
import type { Message, Page, SandboxInbound } from './types';

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

/** Follows the live stream (lib/client/inbox-live.ts); polls only while it is down. */
export function useConversationMessages(id: string) {
  const poll = useInboxPollMs();
  return useQuery({
    queryKey: queryKeys.conversationMessages(id),
    queryFn: ({ signal }) => latest(`/api/inbox/conversation/${encodeURIComponent(id)}/messages`, signal),
    refetchInterval: (query) => (query.state.error || poll === false ? false : MESSAGE_POLL_MS),
  });
}

/** A free-form reply; the API refuses it (400) outside the 24-hour window. */
export function useSendMessage(id: string) {
  const qc = useQueryClient();
  return useMutation({
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
  return useMutation({
    mutationFn: (body: SandboxInbound) => apiFetch<Message>('/api/channels/sandbox/inbound', { method: 'POST', json: body }),
    onSuccess: (message, body) => Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.sandboxMessages(body.phone) }),
      qc.invalidateQueries({ queryKey: queryKeys.conversations }),
      message.conversation ? qc.invalidateQueries({ queryKey: queryKeys.conversationMessages(message.conversation) }) : undefined,
    ]),
  });
}
