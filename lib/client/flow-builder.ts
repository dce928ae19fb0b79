'use client';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Flow, FlowActionTest, FlowExecution, FlowStep, Page } from './types';
import { apiFetch } from './api-fetch';
import { useSingleFlightMutation } from './single-flight';

// The builder's reads and writes: the draft with its problems, saving it, publishing, versions,
// restoring one, export, trying the draft on the sandbox phone, the contact variables offered in
// text fields, and the flows a TRIGGER_FLOW step can start.

export type DraftStep = Partial<Omit<FlowStep, 'id' | 'flow' | 'conditions'>> & {
  step_type: FlowStep['step_type'];
  ordering_idx: number;
  conditions?: { field: string; comparison: FlowStep['conditions'][number]['comparison']; value: string }[];
};
export type Position = { x: number; y: number };
export type DraftBody = {
  name: string;
  is_active: boolean;
  flow_end_action: 'NONE' | 'WEBHOOK';
  flow_end_webhook_url: string;
  flow_webhook_retries: number;
  execution_type: 'INBOUND' | 'OUTBOUND' | 'API';
  flow_execution_variables: string[];
  channel: number | null;
  inbound_trigger_with: 'ANY_MESSAGE' | 'TEXT' | 'IMAGE' | 'FILE' | null;
  inbound_start_message: string;
  steps: DraftStep[];
  layout: Record<string, Position>;
};
export type Problems = { steps?: Record<string, Record<string, string[]>> } & Record<string, unknown>;
export type DraftView = {
  flow: string; status: 'DRAFT' | 'PUBLISHED'; version: number; has_draft: boolean; updated_on: string | null; body: DraftBody; problems: Problems;
};
export type FlowVersion = {
  version: number; published_by: { id: number; first_name: string; last_name: string; email: string } | null;
  published_on: string; steps: number; is_current: boolean;
};

const key = {
  draft: (id: string) => ['flows', 'draft', id] as const,
  versions: (id: string) => ['flows', 'versions', id] as const,
  variables: ['flows', 'variables'] as const,
};

export function useDraft(id: string) {
  return useQuery({ queryKey: key.draft(id), queryFn: ({ signal }) => apiFetch<DraftView>(`/api/flow/${encodeURIComponent(id)}/draft`, { signal }), staleTime: Infinity });
}

export function saveDraft(id: string, body: DraftBody) {
  return apiFetch<DraftView>(`/api/flow/${encodeURIComponent(id)}/draft`, { method: 'PUT', json: body });
}

export function usePublish(id: string) {
  const qc = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => apiFetch<{ version: number }>(`/api/flow/${encodeURIComponent(id)}/publish`, { method: 'POST' }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: key.versions(id) }), qc.invalidateQueries({ queryKey: ['flows', 'detail', id] })]),
  });
}

export function useVersions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: key.versions(id), enabled,
    queryFn: ({ signal }) => apiFetch<Page<FlowVersion>>(`/api/flow/${encodeURIComponent(id)}/versions?page_size=50`, { signal }),
  });
}

export function restoreVersion(id: string, version: number) {
  return apiFetch<DraftView>(`/api/flow/${encodeURIComponent(id)}/versions/${version}/restore`, { method: 'POST' });
}

export function exportFlow(id: string) {
  return apiFetch<DraftBody>(`/api/flow/${encodeURIComponent(id)}/export`);
}

/** Creates a flow as a draft (a template, an import, a blank one); returns its id. */
export function createDraftFlow(body: unknown) {
  return apiFetch<{ id: string }>('/api/flow', { method: 'POST', json: { ...(body as object), status: 'DRAFT' } });
}

export function useContactVariables() {
  return useQuery({
    queryKey: key.variables, staleTime: 60_000,
    queryFn: ({ signal }) => apiFetch<{ contact_fields: string[]; meta_keys: string[] }>('/api/flow/variables', { signal }),
  });
}

/** Runs the draft, unpublished, for one sandbox number (400 with its problems while it has some). */
export function useTryDraft(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { phone: string }) => apiFetch<FlowExecution>(`/api/flow/${encodeURIComponent(id)}/draft/try`, { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['flows', 'executions', id] }),
  });
}

/** The account's flows by name, for a TRIGGER_FLOW step's choice. */
export function useFlowChoices() {
  return useQuery({
    queryKey: ['flows', 'choices'], staleTime: 30_000,
    queryFn: async ({ signal }) => (await apiFetch<Page<Flow>>('/api/flow?page_size=500', { signal })).results
      .map((f) => ({ id: f.id, name: f.name, execution_type: f.execution_type, version: f.version }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  });
}

const actionTestKey = (id: string) => ['flows', 'action-test', id];

/**
 * Sends an ACTION's request now (POST /api/flow/action-test); the answer is cached under its id and
 * `onTested` gets it, even when the panel that sent it has closed meanwhile.
 */
export function useActionTest(onTested: (test: FlowActionTest) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiFetch<FlowActionTest>('/api/flow/action-test', { method: 'POST', json: body }),
    onSuccess: (test) => {
      qc.setQueryData(actionTestKey(test.id), test);
      onTested(test);
    },
  });
}

/** The trials the steps name (`action_test_response_data`), by id; one that is gone (another account's, say) is left out. */
export function useActionTests(ids: string[]): Map<string, FlowActionTest> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: actionTestKey(id), staleTime: Infinity, retry: false,
      queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<FlowActionTest>(`/api/flow/action-test/${encodeURIComponent(id)}`, { signal }),
    })),
  });
  return new Map(results.flatMap((r) => (r.data ? [[r.data.id, r.data] as const] : [])));
}
