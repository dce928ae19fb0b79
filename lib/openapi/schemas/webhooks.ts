import { z } from 'zod';
import { webhookDeliveryStatuses, webhookEventTypes as WEBHOOK_EVENTS } from '@/db/schema/enum-values';
import { dateTime, id, uuid } from './common';
import { Contact } from './contacts';
import { FlowExecutionContactDetail } from './flows';
import { Conversation, Message } from './messaging';
import { named } from './named';

// Webhook subscriptions, their delivery log and the events they deliver: lib/webhooks/serializer.ts,
// lib/webhooks/subscriptions.ts (create answer, secret) and lib/webhooks/delivery-log.ts return them
// (see common.ts); the event envelope is lib/webhooks/record-events.ts's (checked by serializers.test.ts).

const eventType = () => z.enum(WEBHOOK_EVENTS);
const secret = () => z.string().meta({
  description: 'Signing secret: `whsec_` followed by the base64 of 32 random bytes. The HMAC key is the base64-decoded '
    + 'part after `whsec_`.',
  example: 'whsec_CTblMuLynZoYrmd+UEpXDkK4oN5BOwN7w2na2jHeLVs=',
});

export const WebhookSubscription = named('WebhookSubscription', z.object({
  id: uuid(),
  is_active: z.boolean().meta({ description: 'Whether events are delivered. Switched off by the server when the target '
    + 'answers 410 Gone or keeps failing for 5 days (see `disabled_reason`).' }),
  events: z.array(eventType()).meta({ description: 'The event types delivered to the target.' }),
  target: z.url().max(255).meta({ description: 'The http(s) URL events are POSTed to.', example: 'https://example.com/hooks/engage' }),
  created_on: dateTime(),
  disabled_reason: z.string().nullable().meta({
    description: 'Why the server switched the subscription off (410 Gone, or 5 days of failed attempts); null otherwise. '
      + 'Cleared when `is_active` is set back to true.',
    example: null,
  }),
}));

export const NewWebhookSubscription = named('NewWebhookSubscription', WebhookSubscription.extend({
  secret: secret().meta({
    description: 'The signing secret, in this answer only: afterwards it is revealed to admins by '
      + '`GET /api/webhook-subscription/{id}/secret`.',
  }),
}));

export const WebhookSecret = named('WebhookSecret', z.object({
  secret: secret(),
  previous_secret: z.string().nullable().meta({
    description: 'The secret before the last rotation while deliveries are still signed with it too (24 hours after '
      + 'the rotation), else null.',
  }),
  previous_secret_expires_on: dateTime().nullable().meta({ description: 'When `previous_secret` stops signing, or null.' }),
}));

export const WebhookDelivery = named('WebhookDelivery', z.object({
  id: uuid(),
  event: uuid().meta({ description: 'Id of the event: the payload\'s `id` and the `webhook-id` header.' }),
  event_type: eventType(),
  resource_id: z.string().meta({
    description: 'The resource the event is about (a contact id; `test:<event id>` for test events). Deliveries of one '
      + 'resource are sent in order.',
  }),
  status: z.enum(webhookDeliveryStatuses).meta({
    description: '`PENDING` while attempts remain (or while waiting behind an earlier delivery of the same resource), '
      + '`SUCCEEDED` after a 2xx answer, `FAILED` when attempts ran out, the target answered 410 or the subscription '
      + 'was inactive.',
  }),
  attempts: z.int().min(0).meta({ description: 'Attempts made so far (at most 8).' }),
  next_attempt_on: dateTime().nullable().meta({ description: 'When the next retry is due, or null.' }),
  last_attempt_on: dateTime().nullable(),
  created_on: dateTime(),
}));

export const WebhookDeliveryAttempt = named('WebhookDeliveryAttempt', z.object({
  id: id(),
  request_headers: z.record(z.string(), z.string()).meta({
    description: 'The signature headers sent: `webhook-id`, `webhook-timestamp`, `webhook-signature`.',
  }),
  request_body: z.string().meta({ description: 'The exact body sent (the signed bytes).' }),
  response_status: z.int().nullable().meta({ description: 'HTTP status of the answer; null when there was none.' }),
  response_body: z.string().nullable().meta({ description: 'The first 4 KiB of the answer.' }),
  duration_ms: z.int().min(0),
  error: z.string().nullable().meta({
    description: 'Network error, timeout (10 s) or refused target (private address), when there was no answer.',
  }),
  created_on: dateTime(),
}));

/** The body POSTed to the target: `{id, type, created_on, data}`. */
function envelope(types: readonly [string, ...string[]], data: z.ZodType) {
  return z.object({
    id: uuid().meta({ description: 'Event id; equals the `webhook-id` header. The same on every attempt and resend: '
      + 'deduplicate on it.' }),
    type: z.enum(types),
    created_on: dateTime().meta({ description: 'When the change happened (ISO 8601, UTC).' }),
    data,
  });
}

const CONTACT_EVENTS = WEBHOOK_EVENTS.filter((t) => t.startsWith('contact.')) as [string, ...string[]];

export const ContactEvent = named('ContactEvent', envelope(CONTACT_EVENTS, Contact.meta({
  description: 'The contact exactly as `GET /api/contact/{id}` serializes it, after the change (for `contact.deleted`, '
    + 'with `is_deleted: true`).',
})).meta({ description: 'Payload of the `contact.created`, `contact.updated` and `contact.deleted` events.' }));

const FLOW_EVENTS = WEBHOOK_EVENTS.filter((t) => t.startsWith('flow_execution_contact.')) as [string, ...string[]];

export const FlowExecutionContactEvent = named('FlowExecutionContactEvent', envelope(FLOW_EVENTS, FlowExecutionContactDetail.meta({
  description: 'The execution contact exactly as `GET /api/flow-execution-contact/{id}` returns it, at the time of the event.',
})).meta({ description: 'Payload of the `flow_execution_contact.running_inbound` and `flow_execution_contact.completed` events.' }));
export const MessageEvent = named('MessageEvent', envelope(['message.received', 'message.status'], Message.meta({
  description: 'The message exactly as `GET /api/inbox/conversation/{id}/messages` serializes it, after the change.',
})).meta({ description: 'Payload of the `message.received` and `message.status` events.' }));

export const ConversationEvent = named('ConversationEvent', envelope(['conversation.created', 'conversation.updated'], Conversation.meta({
  description: 'The conversation exactly as `GET /api/inbox/conversation/{id}` serializes it, after the change.',
})).meta({ description: 'Payload of the `conversation.created` and `conversation.updated` events.' }));

export const WebhookEvent = named('WebhookEvent', envelope(WEBHOOK_EVENTS, z.record(z.string(), z.unknown().meta({
  description: 'Any JSON value.',
})).meta({
  description: 'The resource the event is about: for `contact.*` events a Contact, for `message.*` a Message, for '
    + '`conversation.*` a Conversation, for `flow_execution_contact.*` a flow execution contact. A test event of a '
    + '`flow_execution_contact.*` type carries `{"id": "00000000-0000-4000-8000-000000000000", "test": true}`.',
})).meta({ description: 'Any event payload, as sent (the `payload` of a delivery).' }));

export const WebhookDeliveryDetail = named('WebhookDeliveryDetail', WebhookDelivery.extend({
  payload: WebhookEvent,
  attempt_log: z.array(WebhookDeliveryAttempt).meta({ description: 'Every attempt, oldest first.' }),
}));

export const WebhookTestEvent = named('WebhookTestEvent', z.object({
  event: uuid().meta({ description: 'Id of the test event (its `webhook-id`).' }),
  delivery: uuid().meta({ description: 'Id of its delivery: follow it at `GET /api/webhook-delivery/{id}`.' }),
  type: eventType().meta({ description: 'The subscription\'s first event type, used for the test.' }),
}));

export const WebhookResendFailed = named('WebhookResendFailed', z.object({
  resent: z.int().min(0).meta({ description: 'Number of failed deliveries queued again.' }),
}));

export const WebhookDeliveryResent = named('WebhookDeliveryResent', z.object({
  id: uuid().meta({ description: 'Id of the new delivery.' }),
}));
