import type { webhookDeliveries, webhookDeliveryAttempts, webhookSubscriptions } from '@/db/schema';

type Subscription = typeof webhookSubscriptions.$inferSelect;
type Delivery = typeof webhookDeliveries.$inferSelect & { eventType: string };
type Attempt = typeof webhookDeliveryAttempts.$inferSelect;

/** The spec's webhook subscription, plus read-only state an operator needs. Never the secret. */
export function serializeSubscription(s: Subscription) {
  return {
    id: s.id,
    is_active: s.isActive,
    events: s.events,
    target: s.target,
    created_on: s.createdOn.toISOString(),
    disabled_reason: s.disabledReason,
  };
}

export function serializeDelivery(d: Delivery) {
  return {
    id: d.id,
    event: d.eventId,
    event_type: d.eventType,
    resource_id: d.resourceId,
    status: d.status,
    attempts: d.attempts,
    next_attempt_on: d.nextAttemptOn?.toISOString() ?? null,
    last_attempt_on: d.lastAttemptOn?.toISOString() ?? null,
    created_on: d.createdOn.toISOString(),
  };
}

export function serializeAttempt(a: Attempt) {
  return {
    id: a.id,
    request_headers: a.requestHeaders,
    request_body: a.requestBody,
    response_status: a.responseStatus,
    response_body: a.responseBody,
    duration_ms: a.durationMs,
    error: a.error,
    created_on: a.createdOn.toISOString(),
  };
}
