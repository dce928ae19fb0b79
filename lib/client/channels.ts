'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import type { Channel, ChannelWrite, CredentialCheck, Page, TemplateSyncResult } from './types';
import { useSingleFlightMutation } from './single-flight';

/** An account has a handful of channels: one page of the largest size holds them all. */
const CHANNELS_PAGE_SIZE = 500;

const path = (id: number) => `/api/channels/${encodeURIComponent(String(id))}`;

export function useChannels() {
  return useQuery({
    queryKey: queryKeys.channelList,
    queryFn: ({ signal }) => apiFetch<Page<Channel>>(`/api/channels?page_size=${CHANNELS_PAGE_SIZE}`, { signal }),
  });
}

const SECRET_FIELDS = ['access_token', 'app_secret', 'verify_token'];

/** A new channel is checked with its provider in the background (its first template sync): looked at again meanwhile. */
const CHECKING_MS = 60_000;

/** The channel a conversation is on, when it has one and it is switched off (nothing can be sent through it). */
export function useSwitchedOffChannel(id: number | null): Channel | null {
  const channel = useQuery({ queryKey: queryKeys.channel(id ?? 0), queryFn: () => apiFetch<Channel>(path(id ?? 0)), enabled: id !== null, staleTime: 30_000 });
  return channel.data && channel.data.status === 'INACTIVE' ? channel.data : null;
}

export function useChannel(id: number) {
  return useQuery({
    queryKey: queryKeys.channel(id), queryFn: () => apiFetch<Channel>(path(id)),
    refetchInterval: (query) => {
      const c = query.state.data;
      const checking = c && c.status === 'NEW' && !c.templates_synced_on && Date.now() - Date.parse(c.created_on) < CHECKING_MS;
      return checking ? 2_000 : false;
    },
  });
}

function useChannelSaved() {
  const qc = useQueryClient();
  return (channel: Channel) => {
    qc.setQueryData(queryKeys.channel(channel.id), channel);
    return qc.invalidateQueries({ queryKey: queryKeys.channelList });
  };
}

/** ADMIN: adds a cloud_api channel; blank optional fields are left out so the API's defaults apply. */
export function useCreateChannel() {
  const saved = useChannelSaved();
  return useSingleFlightMutation({
    mutationFn: (body: ChannelWrite) => {
      const json = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));
      return apiFetch<Channel>('/api/channels', { method: 'POST', json });
    },
    onSuccess: saved,
  });
}

/** ADMIN: asks the provider whether the stored credentials work (a NEW channel becomes ACTIVE when they do). */
export function useTestCredentials(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CredentialCheck>(`${path(id)}/test-credentials`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.channels }),
  });
}

/** ADMIN: fetches the provider's templates now. */
export function useSyncTemplates(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TemplateSyncResult>(`${path(id)}/sync-templates`, { method: 'POST' }),
    onSuccess: () => Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.channels }),
      qc.invalidateQueries({ queryKey: queryKeys.templates }),
    ]),
  });
}

/** ADMIN: name, rate limit, on/off, and credentials re-entered (blank ones are left out and kept). */
export function useUpdateChannel(id: number) {
  const saved = useChannelSaved();
  return useMutation({
    mutationFn: (body: Record<string, string | number>) => {
      // A secret left blank keeps the stored one; any other field is sent as it is (a cleared one is cleared, or refused).
      const json = Object.fromEntries(Object.entries(body).filter(([k, v]) => !SECRET_FIELDS.includes(k) || String(v).trim() !== ''));
      return apiFetch<Channel>(path(id), { method: 'PATCH', json });
    },
    onSuccess: saved,
  });
}

/** ADMIN: deletes the channel (its messages keep their history). */
export function useDeleteChannel(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(path(id), { method: 'DELETE' }),
    onSuccess: () => Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.channels }),
      qc.invalidateQueries({ queryKey: queryKeys.templates }),
    ]),
  });
}
