'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import type { Member, MemberLink, NewMember, Role } from './types';
import { useSingleFlightMutation } from './single-flight';

export function useMembers() {
  return useQuery({ queryKey: queryKeys.members, queryFn: () => apiFetch<Member[]>('/api/account-member') });
}

export type AddMemberValues = { email: string; first_name: string; last_name: string; role: Role; password?: string };

export function useAddMember() {
  const qc = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (values: AddMemberValues) => apiFetch<NewMember>('/api/account-member', { method: 'POST', json: values }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.members }),
  });
}

export function useUpdateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: number; role?: Role; is_active?: boolean }) =>
      apiFetch<Member>(`/api/account-member/${id}`, { method: 'PATCH', json: patch }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: queryKeys.members });
      qc.invalidateQueries({ queryKey: queryKeys.me });
      qc.invalidateQueries({ queryKey: queryKeys.teams });
    },
  });
}

export function useResetLink() {
  return useMutation({
    mutationFn: (id: number) => apiFetch<MemberLink>(`/api/account-member/${id}/reset-link`, { method: 'POST' }),
  });
}
