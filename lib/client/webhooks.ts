'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import { useSingleFlightMutation } from './single-flight';
import type {
  NewWebhookSubscription, Page, WebhookDelivery, WebhookDeliveryDetail, WebhookDeliveryStatus, WebhookEventType,
  WebhookSecret, WebhookSubscription, WebhookSubscriptionWrite,
} from './types';

/** The events a subscription can ask for, in the order the form lists them (kept in step with the server's enum by type). */
export const WEBHOOK_EVENTS = [
  { type: 'contact.created', description: 'A contact is added, through the API, the dashboard or an import.' },
  { type: 'contact.updated', description: 'A contact’s fields, tags, attributes or notes change.' },
  { type: 'contact.deleted', description: 'A contact is deleted.' },
  { type: 'flow_execution_contact.completed', description: 'A contact reaches the end of a flow.' },
  { type: 'flow_execution_contact.running_inbound', description: 'An inbound message starts a flow for a contact.' },
  { type: 'message.received', description: 'A contact sends a message (any type).' },
  { type: 'message.status', description: 'A message sent to a contact is sent, delivered, read, or fails.' },
  { type: 'conversation.created', description: 'A conversation opens, by a message from or to a contact.' },
  { type: 'conversation.updated', description: 'A conversation’s status, assignees or tags change.' },
] as const satisfies readonly { type: WebhookEventType; description: string }[];

// Fails to compile if the server gains an event type the form does not list.
type Unlisted = Exclude<WebhookEventType, (typeof WEBHOOK_EVENTS)[number]['type']>;
const everyEventListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyEventListed;

export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const satisfies readonly WebhookDeliveryStatus[];

export const WEBHOOKS_PAGE_SIZE = 20;
export const DELIVERIES_PAGE_SIZE = 20;
/** The delivery log refreshes this often while anything in it is still being delivered. */
export const DELIVERY_POLL_MS = 2_000;

const sub = (id: string) => `/api/webhook-subscription/${encodeURIComponent(id)}`;

export function useWebhookSubscriptions(search: string, page: number) {
  return useQuery({
    queryKey: queryKeys.webhookList(search, page),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ page: String(page), page_size: String(WEBHOOKS_PAGE_SIZE) });
      if (search) qs.set('search', search);
      return apiFetch<Page<WebhookSubscription>>(`/api/webhook-subscription?${qs}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useWebhookSubscription(id: string) {
  return useQuery({ queryKey: queryKeys.webhook(id), queryFn: () => apiFetch<WebhookSubscription>(sub(id)) });
}

/** Puts the answer in the detail cache (without any secret) and marks every list stale. */
function useSubscriptionSaved() {
  const qc = useQueryClient();
  return (saved: WebhookSubscription) => {
    const { id, is_active, events, target, created_on, disabled_reason } = saved;
    qc.setQueryData<WebhookSubscription>(queryKeys.webhook(id), { id, is_active, events, target, created_on, disabled_reason });
    return qc.invalidateQueries({ queryKey: queryKeys.webhooks, predicate: (q) => q.queryKey[1] === 'list' });
  };
}

export function useCreateWebhookSubscription() {
  const saved = useSubscriptionSaved();
  return useSingleFlightMutation({
    mutationFn: (body: WebhookSubscriptionWrite) =>
      apiFetch<NewWebhookSubscription>('/api/webhook-subscription', { method: 'POST', json: body }),
    onSuccess: saved,
  });
}

export function useReplaceWebhookSubscription(id: string) {
  const saved = useSubscriptionSaved();
  return useMutation({
    mutationFn: (body: WebhookSubscriptionWrite) => apiFetch<WebhookSubscription>(sub(id), { method: 'PUT', json: body }),
    onSuccess: saved,
  });
}

/** PATCH {is_active}: switching back on also clears the reason the system switched it off. */
export function useSetWebhookActive(id: string) {
  const saved = useSubscriptionSaved();
  return useMutation({
    mutationFn: (isActive: boolean) => apiFetch<WebhookSubscription>(sub(id), { method: 'PATCH', json: { is_active: isActive } }),
    onSuccess: saved,
  });
}

export function useDeleteWebhookSubscription(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(sub(id), { method: 'DELETE' }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: queryKeys.webhook(id) });
      qc.removeQueries({ queryKey: queryKeys.webhookSecret(id) });
      qc.removeQueries({ queryKey: queryKeys.webhookDeliveries(id) });
      return qc.invalidateQueries({ queryKey: queryKeys.webhooks, predicate: (q) => q.queryKey[1] === 'list' });
    },
  });
}

/** ADMIN only; fetched when the user asks to reveal it, never kept beyond the page's cache. */
export function useWebhookSecret(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.webhookSecret(id),
    queryFn: () => apiFetch<WebhookSecret>(`${sub(id)}/secret`),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useRotateWebhookSecret(id: string) {
  const qc = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => apiFetch<WebhookSecret>(`${sub(id)}/secret/rotate`, { method: 'POST' }),
    onSuccess: (secret) => qc.setQueryData(queryKeys.webhookSecret(id), secret),
  });
}

function hasPending(page: Page<WebhookDelivery> | undefined) {
  return !!page?.results.some((d) => d.status === 'PENDING');
}

/**
 * The delivery log, newest first. Polls every 2 s while a shown delivery is PENDING; each poll
 * also refreshes the subscription, since failing deliveries can make the system switch it off.
 */
export function useWebhookDeliveries(id: string, status: WebhookDeliveryStatus | '', page: number) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: queryKeys.webhookDeliveryList(id, status, page),
    queryFn: async ({ signal }) => {
      const qs = new URLSearchParams({ page: String(page), page_size: String(DELIVERIES_PAGE_SIZE) });
      if (status) qs.set('status', status);
      const before = qc.getQueryData<Page<WebhookDelivery>>(queryKeys.webhookDeliveryList(id, status, page));
      const data = await apiFetch<Page<WebhookDelivery>>(`${sub(id)}/deliveries?${qs}`, { signal });
      if (hasPending(before)) void qc.invalidateQueries({ queryKey: queryKeys.webhook(id) });
      return data;
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasPending(query.state.data) && !query.state.error ? DELIVERY_POLL_MS : false),
  });
}

/** One delivery with its payload and attempts; polls while it is still being delivered. */
export function useWebhookDelivery(deliveryId: string) {
  return useQuery({
    queryKey: queryKeys.webhookDelivery(deliveryId),
    queryFn: () => apiFetch<WebhookDeliveryDetail>(`/api/webhook-delivery/${encodeURIComponent(deliveryId)}`),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' && !query.state.error ? DELIVERY_POLL_MS : false),
    staleTime: 0,
  });
}

function useDeliveriesChanged(id: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(id) });
}

export function useSendTestEvent(id: string) {
  const changed = useDeliveriesChanged(id);
  return useSingleFlightMutation({
    mutationFn: () => apiFetch<{ event: string; delivery: string; type: WebhookEventType }>(`${sub(id)}/test`, { method: 'POST' }),
    onSuccess: changed,
  });
}

/** ADMIN: the same event again, as a new delivery. */
export function useResendDelivery(subscriptionId: string) {
  const changed = useDeliveriesChanged(subscriptionId);
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiFetch<{ id: string }>(`/api/webhook-delivery/${encodeURIComponent(deliveryId)}/resend`, { method: 'POST' }),
    onSuccess: changed,
  });
}

/** ADMIN: a delivery waiting out a retry, attempted now. */
export function useRetryDelivery(subscriptionId: string) {
  const changed = useDeliveriesChanged(subscriptionId);
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiFetch<{ id: string }>(`/api/webhook-delivery/${encodeURIComponent(deliveryId)}/retry`, { method: 'POST' }),
    onSuccess: changed,
  });
}

/** ADMIN: every FAILED delivery created since `since` (ISO datetime), in their original order. */
export function useResendFailedSince(id: string) {
  const changed = useDeliveriesChanged(id);
  return useMutation({
    mutationFn: (since: string) => apiFetch<{ resent: number }>(`${sub(id)}/deliveries/resend`, { method: 'POST', json: { since } }),
    onSuccess: changed,
  });
}
