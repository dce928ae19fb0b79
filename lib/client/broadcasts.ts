'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from './api-fetch';
import { DETAIL_POLL_MS, listPollMs, pollMs } from './broadcast-status';
import { queryKeys } from './query-keys';
import type { Broadcast, BroadcastRecipient, BroadcastWrite, Contact, Page } from './types';
import type { Control } from './broadcast-status';
import { useSingleFlightMutation } from './single-flight';

export const BROADCASTS_PAGE_SIZE = 20;
export const RECIPIENTS_PAGE_SIZE = 25;
/** The API's limit on one broadcast. */
export const MAX_RECIPIENTS = 100_000;
/** Contacts with a tag are read in pages of the API's largest size. */
const TAG_PAGE_SIZE = 500;

export type BroadcastFilters = { search: string; status: string; page: number };
export type RecipientFilters = { status: string; search: string; page: number };

const path = (id: number) => `/api/broadcast/${encodeURIComponent(String(id))}`;

/** Without the recipients' ids, which a large broadcast has many of and no page shows. */
function withoutIds(b: Broadcast): Broadcast {
  const { recipients: _ids, ...rest } = b;
  void _ids;
  return rest;
}

/** Newest first; refreshes every 2 s while a broadcast on the page sends (listPollMs). */
export function useBroadcasts(filters: BroadcastFilters) {
  return useQuery({
    queryKey: queryKeys.broadcastList(filters),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ page: String(filters.page), page_size: String(BROADCASTS_PAGE_SIZE), include_recipients: 'false' });
      if (filters.search) qs.set('search', filters.search);
      if (filters.status) qs.set('status', filters.status);
      return apiFetch<Page<Broadcast>>(`/api/broadcast?${qs}`, { signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.error ? false : listPollMs(query.state.data?.results, Date.now())),
  });
}

/** One broadcast; refreshes every 1.5 s while it sends or is paused, and for a while after it ends (pollMs). */
export function useBroadcast(id: number) {
  return useQuery({
    queryKey: queryKeys.broadcast(id),
    queryFn: ({ signal }) => apiFetch<Broadcast>(`${path(id)}?include_recipients=false`, { signal }).then(withoutIds),
    refetchInterval: (query) => (query.state.error || !query.state.data ? false : pollMs(query.state.data, Date.now(), DETAIL_POLL_MS)),
  });
}

/** A page of the broadcast's recipients, in the order given (refreshed by its page after each refresh of the broadcast). */
export function useBroadcastRecipients(id: number, filters: RecipientFilters) {
  return useQuery({
    queryKey: queryKeys.broadcastRecipientList(id, filters),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ page: String(filters.page), page_size: String(RECIPIENTS_PAGE_SIZE) });
      if (filters.status) qs.set('status', filters.status);
      if (filters.search) qs.set('search', filters.search);
      return apiFetch<Page<BroadcastRecipient>>(`${path(id)}/recipients?${qs}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

function useBroadcastSaved() {
  const qc = useQueryClient();
  return (b: Broadcast) => {
    qc.setQueryData(queryKeys.broadcast(b.id), withoutIds(b));
    return Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.broadcasts, predicate: (q) => q.queryKey[1] === 'list' }),
      qc.invalidateQueries({ queryKey: queryKeys.broadcastRecipients(b.id) }),
    ]);
  };
}

export function useCreateBroadcast() {
  const saved = useBroadcastSaved();
  return useSingleFlightMutation({
    mutationFn: (body: BroadcastWrite) => apiFetch<Broadcast>('/api/broadcast', { method: 'POST', json: body }),
    onSuccess: saved,
  });
}

/** Pause, resume or cancel; the answer is the broadcast as it is now. */
export function useControlBroadcast(id: number) {
  const saved = useBroadcastSaved();
  return useMutation({
    mutationFn: (action: Control) => apiFetch<Broadcast>(`${path(id)}/${action}`, { method: 'POST' }),
    onSuccess: saved,
  });
}

/** A new broadcast, linked to this one, to its failed recipients. */
export function useRetryFailed(id: number) {
  const saved = useBroadcastSaved();
  return useMutation({
    mutationFn: () => apiFetch<Broadcast>(`${path(id)}/retry-failed`, { method: 'POST' }),
    onSuccess: saved,
  });
}

export function recipientsExportUrl(id: number): string {
  return `${path(id)}/recipients/export`;
}

/**
 * Every contact with the tag (exact name), read page by page; `loaded` says how far it got. More
 * than a broadcast takes is an error rather than a silent cut.
 */
export function useTagContacts(tag: string) {
  const [loaded, setLoaded] = useState({ tag: '', count: 0, total: 0 });
  const query = useQuery({
    queryKey: queryKeys.tagContacts(tag),
    enabled: !!tag,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const out: Contact[] = [];
      for (let page = 1; ; page++) {
        const qs = new URLSearchParams({ tag, page: String(page), page_size: String(TAG_PAGE_SIZE) });
        const res = await apiFetch<Page<Contact>>(`/api/contact?${qs}`, { signal });
        if (res.count > MAX_RECIPIENTS) {
          throw new Error(`${res.count.toLocaleString('en-US')} contacts have this tag; a broadcast takes at most ${MAX_RECIPIENTS.toLocaleString('en-US')}.`);
        }
        out.push(...res.results);
        setLoaded({ tag, count: out.length, total: res.count });
        if (!res.next || res.results.length === 0) return out;
      }
    },
  });
  return { ...query, loaded: loaded.tag === tag ? loaded : { tag, count: 0, total: 0 } };
}
