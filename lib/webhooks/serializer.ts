import type { z } from 'zod';
import type { Role } from '@/lib/auth/member';
import type { webhookDeliveries, webhookDeliveryAttempts, webhookEventType, webhookSubscriptions } from '@/db/schema';
import type {
  NewWebhookSubscription, WebhookDelivery, WebhookDeliveryAttempt, WebhookDeliveryDetail, WebhookDeliveryResent, WebhookEvent,
  WebhookResendFailed, WebhookSecret, WebhookSubscription, WebhookTestEvent,
} from '@/lib/openapi/schemas/webhooks';

// The shapes are the response schemas' (lib/openapi/schemas/webhooks.ts).

type Subscription = typeof webhookSubscriptions.$inferSelect;
type Delivery = typeof webhookDeliveries.$inferSelect & { eventType: (typeof webhookEventType.enumValues)[number] };
type Attempt = typeof webhookDeliveryAttempts.$inferSelect;

export type SerializedSubscription = z.output<typeof WebhookSubscription>;
export type SerializedDelivery = z.output<typeof WebhookDelivery>;
export type SerializedAttempt = z.output<typeof WebhookDeliveryAttempt>;
export type SerializedNewSubscription = z.output<typeof NewWebhookSubscription>;
export type SerializedSecret = z.output<typeof WebhookSecret>;
export type SerializedDeliveryDetail = z.output<typeof WebhookDeliveryDetail>;
export type SerializedDeliveryResent = z.output<typeof WebhookDeliveryResent>;
export type SerializedResendFailed = z.output<typeof WebhookResendFailed>;
export type SerializedTestEvent = z.output<typeof WebhookTestEvent>;
/** The event envelope POSTed to targets, `{id, type, created_on, data}`. */
export type SerializedEvent = z.output<typeof WebhookEvent>;

const MASKED_PASSWORD = '********';

/**
 * The target as `viewer` may read it: a password in the URL (Basic auth for the receiver) is, like
 * the signing secret, for admins only; an agent sees it masked.
 */
function visibleTarget(target: string, viewer: Role): string {
  if (viewer === 'ADMIN') return target;
  try {
    const url = new URL(target);
    if (!url.password) return target;
    url.password = MASKED_PASSWORD;
    return url.toString();
  } catch {
    return target;
  }
}

/** The webhook subscription, plus read-only state an operator needs. Never the secret. */
export function serializeSubscription(s: Subscription, viewer: Role): SerializedSubscription {
  return {
    id: s.id,
    is_active: s.isActive,
    events: s.events,
    target: visibleTarget(s.target, viewer),
    created_on: s.createdOn.toISOString(),
    disabled_reason: s.disabledReason,
  };
}

export function serializeDelivery(d: Delivery): SerializedDelivery {
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

export function serializeAttempt(a: Attempt): SerializedAttempt {
  return {
    id: a.id,
    request_headers: a.requestHeaders as Record<string, string>,
    request_body: a.requestBody,
    response_status: a.responseStatus,
    response_body: a.responseBody,
    duration_ms: a.durationMs,
    error: a.error,
    created_on: a.createdOn.toISOString(),
  };
}
