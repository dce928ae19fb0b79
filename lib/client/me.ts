'use client';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { useAsRendered } from './hydrated';
import { queryKeys } from './query-keys';
import type { Me } from './types';

export function useMe() {
  return useAsRendered(useQuery({ queryKey: queryKeys.me, queryFn: () => apiFetch<Me>('/api/me'), staleTime: 60_000 }));
}
