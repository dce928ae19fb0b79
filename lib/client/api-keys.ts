'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import type { ApiKey, NewApiKey } from './types';
import { useSingleFlightMutation } from './single-flight';

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: () => apiFetch<ApiKey[]>('/api/dev/api-keys') });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useSingleFlightMutation({
    // `user`: the member the key acts as (another member of the account); left out, the admin making it.
    mutationFn: ({ name, user }: { name: string; user?: number }) =>
      apiFetch<NewApiKey>('/api/dev/api-keys', { method: 'POST', json: user === undefined ? { name } : { name, user } }),
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
