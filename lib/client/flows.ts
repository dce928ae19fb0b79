'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import type { Flow, FlowExecution, FlowExecutionContact, FlowExecutionContactDetail, FlowExecutionStepStats, Page } from './types';
import { useSingleFlightMutation } from './single-flight';

// The dashboard's reads and writes of flows and their executions. Executions that are under way
// refresh themselves every 2 seconds.

export const FLOWS_PAGE_SIZE = 20;
export const FLOW_CONTACTS_PAGE_SIZE = 25;
const POLL_MS = 2000;
const LIVE = ['PROCESSING', 'READY', 'RUNNING', 'PAUSED'];

const key = {
  all: ['flows'] as const,
  list: (f: object) => ['flows', 'list', f] as const,
  flow: (id: string) => ['flows', 'detail', id] as const,
  executions: (flowId: string, page: number) => ['flows', 'executions', flowId, page] as const,
  execution: (id: string) => ['flows', 'execution', id] as const,
  stepStats: (id: string) => ['flows', 'execution-steps', id] as const,
  contacts: (executionId: string, f: object) => ['flows', 'execution-contacts', executionId, f] as const,
  contact: (id: string) => ['flows', 'execution-contact', id] as const,
};

export function useFlows(filters: { search: string; page: number }) {
  return useQuery({
    queryKey: key.list(filters),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ page: String(filters.page), page_size: String(FLOWS_PAGE_SIZE) });
      if (filters.search) qs.set('search', filters.search);
      return apiFetch<Page<Flow>>(`/api/flow?${qs}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useFlow(id: string) {
  return useQuery({ queryKey: key.flow(id), queryFn: ({ signal }) => apiFetch<Flow>(`/api/flow/${encodeURIComponent(id)}`, { signal }) });
}

/** Deletes the flow; refused (400, said why) while it runs or another flow starts it. */
export function useDeleteFlow(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`/api/flow/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key.all }),
  });
}

/** The key that signs the flow's end webhook (admins only); fetched when asked for, never kept. */
const secretKey = (id: string) => ['flows', 'secret', id] as const;

export function useFlowSecret(id: string, enabled: boolean) {
  return useQuery({
    queryKey: secretKey(id),
    queryFn: ({ signal }) => apiFetch<{ secret: string }>(`/api/flow/${encodeURIComponent(id)}/secret`, { signal }),
    enabled, staleTime: Infinity, gcTime: 0,
  });
}

export function useRotateFlowSecret(id: string) {
  const qc = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => apiFetch<{ secret: string }>(`/api/flow/${encodeURIComponent(id)}/secret/rotate`, { method: 'POST' }),
    onSuccess: (secret) => qc.setQueryData(secretKey(id), secret),
  });
}

/** How many executions of an INBOUND flow listen for its trigger now (RUNNING, of type INBOUND). */
export function useListeningExecutions(flowId: string) {
  return useQuery({
    queryKey: [...key.all, 'listening', flowId],
    queryFn: ({ signal }) => apiFetch<Page<FlowExecution>>(
      `/api/flow-execution?flow=${encodeURIComponent(flowId)}&status=RUNNING&execution_type=INBOUND&page_size=1`, { signal }),
    select: (page) => page.count,
  });
}

export function useFlowExecutions(flowId: string, page: number) {
  return useQuery({
    queryKey: key.executions(flowId, page),
    queryFn: ({ signal }) => apiFetch<Page<FlowExecution>>(`/api/flow-execution?flow=${encodeURIComponent(flowId)}&page=${page}&page_size=10`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.results.some((e) => LIVE.includes(e.status)) ? POLL_MS : false),
  });
}

export function useExecution(id: string) {
  return useQuery({
    queryKey: key.execution(id),
    queryFn: ({ signal }) => apiFetch<FlowExecution>(`/api/flow-execution/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (q) => (q.state.data && LIVE.includes(q.state.data.status) ? POLL_MS : false),
  });
}

/** The execution's per-step drop-off, refreshed with the execution while it runs. */
export function useExecutionStepStats(id: string, live: boolean) {
  return useQuery({
    queryKey: key.stepStats(id),
    queryFn: ({ signal }) => apiFetch<FlowExecutionStepStats>(`/api/flow-execution/${encodeURIComponent(id)}/steps`, { signal }),
    refetchInterval: live ? POLL_MS : false,
  });
}

export function useExecutionContacts(executionId: string, filters: { status: string; page: number }, live: boolean) {
  return useQuery({
    queryKey: key.contacts(executionId, filters),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ flow_execution: executionId, page: String(filters.page), page_size: String(FLOW_CONTACTS_PAGE_SIZE) });
      if (filters.status) qs.set('status', filters.status);
      return apiFetch<Page<FlowExecutionContact>>(`/api/flow-execution-contact?${qs}`, { signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval: live ? POLL_MS : false,
  });
}

export function useExecutionContact(id: string) {
  return useQuery({
    queryKey: key.contact(id),
    queryFn: ({ signal }) => apiFetch<FlowExecutionContactDetail>(`/api/flow-execution-contact/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (q) => (q.state.data?.is_active ? POLL_MS : false),
  });
}

export type RunBody = {
  execute_for: 'LIST' | 'FILTERS' | 'ALL';
  contact_lists?: ({ source: 'LIST'; contact_list: { phone: string }[] } | { source: 'FILE'; contact_file: { upload_group_id: string } })[];
  contact_filters?: { field: string; comparison: string; value: string }[];
  flow_execution_variables?: Record<string, string>;
  start_on?: string | null;
  has_priority?: boolean;
  inbound_trigger_with?: string;
  inbound_start_message?: string | null;
};

export function useRunFlow(flowId: string) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: RunBody) => apiFetch<FlowExecution>(`/api/flow/${encodeURIComponent(flowId)}/run`, { method: 'POST', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key.all }),
  });
}

export type ContactFilter = { field: string; comparison: string; value: string };

/** How many contacts the filters match now (the run form's live count); idle until a filter has a field. */
export function useMatchingContacts(filters: ContactFilter[]) {
  const complete = filters.filter((f) => f.field.trim());
  return useQuery({
    queryKey: ['flows', 'matching-contacts', complete] as const,
    enabled: complete.length > 0,
    queryFn: ({ signal }) => apiFetch<{ count: number }>('/api/flow-execution/matching-contacts', {
      method: 'POST', json: { contact_filters: complete }, signal,
    }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Runs the flow for one number on the sandbox channel. */
export function useTryOnSandbox(flowId: string) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: { phone: string; flow_execution_variables?: Record<string, string> }) =>
      apiFetch<FlowExecution>(`/api/flow/${encodeURIComponent(flowId)}/try-on-sandbox`, { method: 'POST', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key.all }),
  });
}

export function useControlExecution(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'cancel') => apiFetch<FlowExecution>(`/api/flow-execution/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
    onSuccess: (e) => {
      client.setQueryData(key.execution(id), e);
      return client.invalidateQueries({ queryKey: key.all });
    },
  });
}

export function useStopExecutionContact(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<FlowExecutionContactDetail>(`/api/flow-execution-contact/${encodeURIComponent(id)}/stop`, { method: 'POST' }),
    onSuccess: (c) => {
      client.setQueryData(key.contact(id), c);
      return client.invalidateQueries({ queryKey: key.all });
    },
  });
}

/** The flows a contact went through (or is in), newest first. */
export function useContactFlows(contactId: string | undefined) {
  return useQuery({
    queryKey: ['flows', 'contact', contactId],
    enabled: !!contactId,
    queryFn: ({ signal }) => apiFetch<Page<FlowExecutionContact>>(`/api/flow-execution-contact?contact=${encodeURIComponent(contactId!)}&page_size=20`, { signal }),
    refetchInterval: (q) => (q.state.data?.results.some((c) => c.is_active) ? POLL_MS : false),
  });
}
