'use client';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import type { Member } from './types';

export function useMembers() {
  return useQuery({ queryKey: queryKeys.members, queryFn: () => apiFetch<Member[]>('/api/account-member') });
}
