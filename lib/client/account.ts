'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import type { Account, Member, TeamDetail } from './types';
import type { AccountPatchInput } from '@/lib/accounts/validation';
import { useSingleFlightMutation } from './single-flight';

export function useAccount() {
  return useQuery({ queryKey: queryKeys.account, queryFn: () => apiFetch<Account>('/api/account') });
}

export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: AccountPatchInput) => apiFetch<Account>('/api/account', { method: 'PATCH', json: patch }),
    onSuccess: (account) => {
      qc.setQueryData(queryKeys.account, account);
      qc.invalidateQueries({ queryKey: queryKeys.me });
      qc.invalidateQueries({ queryKey: queryKeys.teams });
    },
  });
}

export function useTeams() {
  return useQuery({ queryKey: queryKeys.teams, queryFn: () => apiFetch<TeamDetail[]>('/api/team') });
}

export type TeamValues = { name: string; assignment_strategy: TeamDetail['assignment_strategy']; members: { id: number }[] };

export function useSaveTeam() {
  const qc = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, ...values }: TeamValues & { id?: number }) =>
      apiFetch<TeamDetail>(id ? `/api/team/${id}` : '/api/team', { method: id ? 'PATCH' : 'POST', json: values }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: queryKeys.teams });
      qc.invalidateQueries({ queryKey: queryKeys.members });
    },
  });
}

export function useDeleteTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/team/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: queryKeys.teams });
      qc.invalidateQueries({ queryKey: queryKeys.members });
      qc.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: { first_name?: string; last_name?: string; profile_image?: string | null }) =>
      apiFetch<Member>('/api/me', { method: 'PATCH', json: patch }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: queryKeys.me });
      qc.invalidateQueries({ queryKey: queryKeys.members });
    },
  });
}
