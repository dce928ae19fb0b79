'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import type { Page, QuickReply } from './types';
import { useSingleFlightMutation } from './single-flight';

// The account's quick replies: the settings page manages them, the composer's `/` picker searches them.

export function useQuickReplies(search: string, pageSize = 100) {
  return useQuery({
    queryKey: queryKeys.quickReplyList(search),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ page_size: String(pageSize) });
      if (search) qs.set('search', search);
      return apiFetch<Page<QuickReply>>(`/api/quick-reply?${qs}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export type QuickReplyValues = { shortcut: string; body: string };

export function useSaveQuickReply() {
  const qc = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, ...body }: QuickReplyValues & { id?: string }) => (id
      ? apiFetch<QuickReply>(`/api/quick-reply/${encodeURIComponent(id)}`, { method: 'PUT', json: body })
      : apiFetch<QuickReply>('/api/quick-reply', { method: 'POST', json: body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.quickReplies }),
  });
}

export function useDeleteQuickReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/quick-reply/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.quickReplies }),
  });
}
