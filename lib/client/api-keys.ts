'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import type { ApiKey, NewApiKey } from './types';

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: () => apiFetch<ApiKey[]>('/api/dev/api-keys') });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch<NewApiKey>('/api/dev/api-keys', { method: 'POST', json: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/dev/api-keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
