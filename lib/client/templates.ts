'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import type { ChatTemplate, Page, TemplateCategory, TemplateSendResult, TemplateStatus } from './types';
import { useSingleFlightMutation } from './single-flight';

export const TEMPLATE_CATEGORIES = [
  'ACCOUNT_UPDATE', 'ALERT_UPDATE', 'APPOINTMENT_UPDATE', 'AUTHENTICATION', 'AUTO_REPLY', 'ISSUE_RESOLUTION',
  'MARKETING', 'OTP', 'PAYMENT_UPDATE', 'PERSONAL_FINANCE_UPDATE', 'RESERVATION_UPDATE', 'SHIPPING_UPDATE',
  'TICKET_UPDATE', 'TRANSACTIONAL', 'TRANSPORTATION_UPDATE', 'UTILITY',
] as const satisfies readonly TemplateCategory[];

export const TEMPLATE_STATUSES = [
  'approved', 'deleted', 'disabled', 'draft', 'in_appeal', 'pending', 'pending_deletion', 'rejected', 'submitted',
] as const satisfies readonly TemplateStatus[];

// Fail to compile if the server gains a category or status the filters do not list.
type UnlistedCategory = Exclude<TemplateCategory, (typeof TEMPLATE_CATEGORIES)[number]>;
type UnlistedStatus = Exclude<TemplateStatus, (typeof TEMPLATE_STATUSES)[number]>;
const everyCategoryListed: [UnlistedCategory] extends [never] ? true : UnlistedCategory = true;
const everyStatusListed: [UnlistedStatus] extends [never] ? true : UnlistedStatus = true;
void everyCategoryListed;
void everyStatusListed;

export const TEMPLATES_PAGE_SIZE = 20;

export type TemplateFilters = { search: string; category: string; status: string; channel: number | null; page: number };

const path = (id: string) => `/api/channels/chat/template/${encodeURIComponent(id)}`;

export function useTemplates(filters: TemplateFilters, pageSize = TEMPLATES_PAGE_SIZE) {
  return useQuery({
    queryKey: queryKeys.templateList(filters),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ page: String(filters.page), page_size: String(pageSize), ordering: 'name' });
      if (filters.search) qs.set('search', filters.search);
      if (filters.category) qs.set('category', filters.category);
      if (filters.status) qs.set('status', filters.status);
      if (filters.channel !== null) qs.set('channel', String(filters.channel));
      return apiFetch<Page<ChatTemplate>>(`/api/channels/chat/template?${qs}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(id: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.template(id), queryFn: () => apiFetch<ChatTemplate>(path(id)), enabled });
}

/** Sends an approved template to a phone (the contact is created when new); answers at once, the send runs as a job. */
export function useSendTemplate(id: string) {
  const qc = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: { phone: string; variables: string[] }) =>
      apiFetch<TemplateSendResult>(`${path(id)}/send`, { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.conversations }),
  });
}

export type TemplateDraft = { channel: number; name: string; language: string; category: TemplateCategory; components: object[] };

/** ADMIN: creates a template (submitted to the channel's provider; the sandbox approves it at once). */
export function useCreateTemplate() {
  const qc = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (draft: TemplateDraft) => apiFetch<ChatTemplate>('/api/channels/chat/template', { method: 'POST', json: draft }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.templates }),
  });
}

/** ADMIN: deletes a template, at the provider too. */
export function useDeleteTemplate(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(path(id), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.templates }),
  });
}
