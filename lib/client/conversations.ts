'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { keepLatest, useInboxPollMs } from './inbox-live';
import { queryKeys } from './query-keys';
import type { Contact, Conversation, ConversationPatch, ConversationStatus, Page } from './types';

export const CONVERSATION_STATUSES = [
  'CREATED', 'FLOW', 'NEW', 'IN_PROGRESS', 'RESOLVED', 'CLOSED',
] as const satisfies readonly ConversationStatus[];

type Unlisted = Exclude<ConversationStatus, (typeof CONVERSATION_STATUSES)[number]>;
const everyStatusListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyStatusListed;

export const CONVERSATIONS_PAGE_SIZE = 20;
/** The inbox list and an open conversation refresh this often. */
export const CONVERSATION_POLL_MS = 5_000;

const path = (id: string) => `/api/inbox/conversation/${encodeURIComponent(id)}`;

/** Newest activity first; `status` is one value or empty for all. */
export function useConversations(status: string, page: number) {
  return useQuery({
    queryKey: queryKeys.conversationList(status, page),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ page: String(page), page_size: String(CONVERSATIONS_PAGE_SIZE), ordering: '-last_message_on' });
      if (status) qs.set('status', status);
      return apiFetch<Page<Conversation>>(`/api/inbox/conversation?${qs}`, { signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.error ? false : CONVERSATION_POLL_MS),
  });
}

/** Follows the live stream (lib/client/inbox-live.ts); polls only while it is down. */
/** The query of one conversation, for useConversation and for reading it outside a component. */
export const conversationQuery = (id: string) => ({
  queryKey: queryKeys.conversation(id),
  queryFn: () => apiFetch<Conversation>(path(id)),
});

export function useConversation(id: string) {
  const poll = useInboxPollMs();
  return useQuery({
    ...conversationQuery(id),
    refetchInterval: (query) => (query.state.error ? false : poll),
  });
}

/** PATCH …/update: status, assignees and tags; `assigned` and `tags`, when sent, replace the current ones. */
export function useUpdateConversation(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConversationPatch) => apiFetch<Conversation>(`${path(id)}/update`, { method: 'PATCH', json: body }),
    onMutate: () => ({ startedAt: Date.now() }),
    onSuccess: (conversation, body, context) => {
      qc.setQueryData(queryKeys.conversation(id), conversation);
      keepLatest(qc, id, context.startedAt);
      // A change of assignees or team may take the conversation out of this member's view: the
      // thread learns it now rather than at its next refresh.
      if (body.assigned || body.remove_assigned || body.team !== undefined) qc.invalidateQueries({ queryKey: queryKeys.conversation(id), exact: true });
      return qc.invalidateQueries({ queryKey: queryKeys.conversations, predicate: (q) => q.queryKey[1] === 'list' });
    },
  });
}

/** The conversation's contact (shares the contact detail cache); waits until the id is known. */
export function useConversationContact(contactId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.contact(contactId ?? ''),
    queryFn: () => apiFetch<Contact>(`/api/contact/${encodeURIComponent(contactId ?? '')}`),
    enabled: !!contactId,
    staleTime: 30_000,
  });
}
