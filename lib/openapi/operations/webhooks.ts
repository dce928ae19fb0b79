import { z } from 'zod';
import { DELIVERY_TIMEOUT_MS } from '@/lib/webhooks/http-send';
import { sampleContact, sampleConversation, sampleMessage } from '@/lib/webhooks/samples';
import {
  deliveryListQuery, resendFailedSchema, subscriptionListQuery, subscriptionPatchSchema, subscriptionReplaceSchema, subscriptionSchema, type WebhookEventType,
} from '@/lib/webhooks/validation';
import { paginated } from '../schemas/common';
import {
  ContactEvent, ConversationEvent, FlowExecutionContactEvent, MessageEvent, NewWebhookSubscription, WebhookDelivery,
  WebhookDeliveryDetail, WebhookDeliveryResent, WebhookEvent,
  WebhookResendFailed, WebhookSecret, WebhookSubscription, WebhookTestEvent,
} from '../schemas/webhooks';
import type { PathParam, ResourceDoc } from '../operation';

// Webhook subscriptions (app/api/webhook-subscription/**), their delivery log
// (app/api/webhook-delivery/**), and the events the server POSTs to subscribers: the top-level
// `webhooks` section of the document (lib/webhooks/deliver.ts, signing.ts, retry-schedule.ts).

const TAG = 'Webhook subscriptions';
const tags = [TAG];
const subscriptionId: Record<string, PathParam> = { id: { kind: 'uuid', description: 'Webhook subscription id.' } };
const deliveryId: Record<string, PathParam> = { id: { kind: 'uuid', description: 'Webhook delivery id.' } };

/** The default of lib/webhooks/retry-schedule.ts, in seconds (document.test.ts checks they agree). */
export const DOCUMENTED_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];
const RETRIES = '5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h';
const TIMEOUT_S = DELIVERY_TIMEOUT_MS / 1000;

export const DELIVERY_POLICY = `
**Delivery.** Each event is POSTed as JSON to the subscription's \`target\`, signed per
[Standard Webhooks](https://www.standardwebhooks.com/) (headers \`webhook-id\`, \`webhook-timestamp\`,
\`webhook-signature\`). Any 2xx answer within ${TIMEOUT_S} s is a success. **410 Gone** switches the subscription
off (\`is_active: false\`, \`disabled_reason\` says why) and is not retried. Anything else (another status, a
timeout, a network error) is retried after ${RETRIES} (8 attempts in all), each with ±10 % jitter; a
\`Retry-After\` answer (seconds or an HTTP date) is honoured when it asks for longer, up to 10 h. A subscription
whose every attempt has failed for 5 days is switched off, with \`disabled_reason\` saying why; setting
\`is_active\` back to true clears it.

**Ordering.** Per subscription, the events of one resource (e.g. one contact) arrive in the order they happened:
while a delivery is being retried, later events of that resource wait behind it. Events of different resources
are sent independently.

**At least once.** An event may arrive more than once (a retry after a lost answer, a resend): deduplicate on
\`webhook-id\`, which equals the payload's \`id\` and stays the same across attempts and resends.
`.trim();

const SUBSCRIPTION_FIELDS = '`events` (at least one; duplicates are dropped) and `target` (an http or https URL, at '
  + 'most 255 characters). A target that resolves to anything but a public address (any IPv4 or IPv6 special-purpose '
  + 'range: loopback, private, link-local and cloud metadata, CGNAT, documentation, multicast, unique-local…, and IPv6 '
  + 'forms carrying such an IPv4 address: mapped, 6to4, NAT64) is refused (400 on `target`) unless the host or address is '
  + 'listed in the server\'s `WEBHOOK_ALLOW_PRIVATE_TARGETS`; the addresses of a host name are checked again at every delivery.';

const SUBSCRIPTION_EXAMPLE = { events: ['contact.created', 'contact.updated'], target: 'https://example.com/hooks/engage', is_active: true };

export const webhooksDoc: ResourceDoc = {
  tags: [{
    name: TAG,
    description: 'Subscriptions deliver the account\'s events to a URL, signed per Standard Webhooks: the payloads, headers '
      + 'and the answers expected are described under **Webhooks**, the delivery policy (retries, ordering, at least '
      + 'once) in the introduction. Each subscription has a signing secret and a delivery log.',
  }],
  operations: [
    {
      method: 'get', path: '/api/webhook-subscription', operationId: 'webhook_subscription_list', tags,
      summary: 'List webhook subscriptions',
      description: 'The account\'s subscriptions, newest first. Never includes the secret.',
      query: subscriptionListQuery,
      queryDescriptions: { search: 'Case-insensitive match on the target URL.' },
      paginated: true,
      responses: { 200: { description: 'A page of subscriptions.', schema: paginated(WebhookSubscription, 'WebhookSubscription') } },
    },
    {
      method: 'post', path: '/api/webhook-subscription', operationId: 'webhook_subscription_create', tags,
      summary: 'Create webhook subscription',
      description: `Required: ${SUBSCRIPTION_FIELDS} \`is_active\` defaults to true; \`id\` is read only. The answer `
        + 'carries the signing secret: this is the only API answer that does, apart from the admin-only secret endpoints.',
      roles: ['ADMIN'],
      body: { schema: subscriptionSchema, name: 'WebhookSubscriptionRequest', required: true, example: SUBSCRIPTION_EXAMPLE },
      responses: { 201: { description: 'The created subscription, with its `secret`.', schema: NewWebhookSubscription } },
    },
    {
      method: 'get', path: '/api/webhook-subscription/{id}', operationId: 'webhook_subscription_retrieve', tags,
      summary: 'Get webhook subscription',
      params: subscriptionId,
      responses: { 200: { description: 'The subscription (without the secret).', schema: WebhookSubscription } },
    },
    {
      method: 'put', path: '/api/webhook-subscription/{id}', operationId: 'webhook_subscription_update', tags,
      summary: 'Update webhook subscription',
      description: `Full update. Required: ${SUBSCRIPTION_FIELDS} \`is_active\` omitted leaves it as it is (a `
        + 'subscription the system disabled stays disabled). Setting `is_active` to true clears `disabled_reason`.',
      roles: ['ADMIN'],
      params: subscriptionId,
      body: { schema: subscriptionReplaceSchema, name: 'WebhookSubscriptionReplaceRequest', required: true, example: SUBSCRIPTION_EXAMPLE },
      responses: { 200: { description: 'The updated subscription.', schema: WebhookSubscription } },
    },
    {
      method: 'patch', path: '/api/webhook-subscription/{id}', operationId: 'webhook_subscription_partial_update', tags,
      summary: 'Partial update webhook subscription',
      description: 'Any subset of `events`, `target` and `is_active`, validated as on create. Setting `is_active` to '
        + 'true switches a disabled subscription back on and clears `disabled_reason`.',
      roles: ['ADMIN'],
      params: subscriptionId,
      body: { schema: subscriptionPatchSchema, name: 'WebhookSubscriptionPatchRequest', required: true, example: { is_active: true } },
      responses: { 200: { description: 'The updated subscription.', schema: WebhookSubscription } },
    },
    {
      method: 'delete', path: '/api/webhook-subscription/{id}', operationId: 'webhook_subscription_destroy', tags,
      summary: 'Delete webhook subscription',
      description: 'Deletes the subscription with its delivery log; nothing more is sent to its target.',
      roles: ['ADMIN'],
      params: subscriptionId,
      responses: { 204: { description: 'Deleted.' } },
    },
    {
      method: 'get', path: '/api/webhook-subscription/{id}/secret', operationId: 'webhook_subscription_secret_retrieve', tags,
      summary: 'Reveal the signing secret',
      description: 'The current secret, and during the 24 hours after a rotation the previous one, which still signs '
        + 'deliveries.',
      roles: ['ADMIN'],
      params: subscriptionId,
      responses: { 200: { description: 'The secrets in force.', schema: WebhookSecret } },
    },
    {
      method: 'post', path: '/api/webhook-subscription/{id}/secret/rotate', operationId: 'webhook_subscription_secret_rotate_create', tags,
      summary: 'Rotate the signing secret',
      description: 'Generates a new secret. For 24 hours every delivery carries two signatures in `webhook-signature` '
        + '(space-separated), one with the new secret and one with the previous, so receivers can switch over; '
        + 'afterwards only the new one signs. No body.',
      roles: ['ADMIN'],
      params: subscriptionId,
      responses: { 200: { description: 'The new secret and the previous one.', schema: WebhookSecret } },
    },
    {
      method: 'get', path: '/api/webhook-subscription/{id}/deliveries', operationId: 'webhook_subscription_deliveries_list', tags,
      summary: 'Delivery log of a subscription',
      description: 'The subscription\'s deliveries (one per event and resend), newest first. The payload and the '
        + 'attempts of one delivery are at `GET /api/webhook-delivery/{id}`.',
      params: subscriptionId,
      query: deliveryListQuery,
      queryDescriptions: { status: 'Only deliveries in this status.' },
      paginated: true,
      responses: { 200: { description: 'A page of deliveries.', schema: paginated(WebhookDelivery, 'WebhookDelivery') } },
    },
    {
      method: 'post', path: '/api/webhook-subscription/{id}/deliveries/resend', operationId: 'webhook_subscription_deliveries_resend_create', tags,
      summary: 'Resend failed deliveries',
      description: 'Sends again, once each and in their original order, the events whose deliveries created at or after '
        + '`since` all failed (an event a later resend delivered, or is delivering, is left alone), each as a new delivery '
        + 'of the same event (same `webhook-id`) with a fresh set of attempts. A switched-off subscription is refused (400).',
      roles: ['ADMIN'],
      params: subscriptionId,
      body: {
        schema: resendFailedSchema, name: 'WebhookResendFailedRequest', required: true,
        description: '`since`: an ISO 8601 date-time with `Z` or an offset.',
        example: { since: '2025-01-01T00:00:00Z' },
      },
      responses: { 202: { description: 'How many deliveries were queued.', schema: WebhookResendFailed } },
      errors: [400],
    },
    {
      method: 'post', path: '/api/webhook-subscription/{id}/test', operationId: 'webhook_subscription_test_create', tags,
      summary: 'Send a test event',
      description: 'Records an event of the subscription\'s first event type carrying a sample resource (for '
        + '`contact.*`, a sample Contact with id `00000000-0000-4000-8000-000000000000`) and delivers it like any other '
        + 'event: signed, retried, logged. No body. Admins only; a switched-off subscription is refused (400).',
      params: subscriptionId,
      roles: ['ADMIN'],
      errors: [400],
      responses: { 202: { description: 'The test event and its delivery.', schema: WebhookTestEvent } },
    },
    {
      method: 'get', path: '/api/webhook-delivery/{id}', operationId: 'webhook_delivery_retrieve', tags,
      summary: 'Get webhook delivery',
      description: 'One delivery with the payload sent and every attempt: request headers and body, the answer '
        + '(status and first 4 KiB), timing and error.',
      params: deliveryId,
      responses: { 200: { description: 'The delivery.', schema: WebhookDeliveryDetail } },
    },
    {
      method: 'post', path: '/api/webhook-delivery/{id}/resend', operationId: 'webhook_delivery_resend_create', tags,
      summary: 'Resend a delivery',
      description: 'Sends the delivery\'s event again as a new delivery (same event, same `webhook-id`) with a fresh '
        + 'set of attempts. No body. Refused (400) while the delivery is `PENDING` (it would arrive twice) and when the '
        + 'subscription is switched off.',
      roles: ['ADMIN'],
      params: deliveryId,
      responses: { 202: { description: 'The new delivery.', schema: WebhookDeliveryResent } },
      errors: [400],
    },
    {
      method: 'post', path: '/api/webhook-delivery/{id}/retry', operationId: 'webhook_delivery_retry_create', tags,
      summary: 'Retry a delivery now',
      description: 'A `PENDING` delivery waiting out a retry is attempted now instead of at `next_attempt_on` (its '
        + 'receiver has been fixed): the same delivery, its attempts and retry schedule going on from there, and the '
        + 'deliveries of the same resource waiting behind it follow once it succeeds. No body. Refused (400) for a '
        + 'delivery that has succeeded or failed (resend it), one not attempted yet, one whose next attempt is within '
        + 'seconds, and when the subscription is switched off.',
      roles: ['ADMIN'],
      params: deliveryId,
      responses: { 202: { description: 'The delivery, its next attempt now.', schema: WebhookDelivery } },
      errors: [400],
    },
  ],
};

/** One entry of the document's top-level `webhooks`: an event the server POSTs to subscribers. */
export type WebhookEventDoc = {
  type: WebhookEventType;
  summary: string;
  description: string;
  /** The payload schema (a named response schema). */
  payload: z.ZodType;
  example?: unknown;
};

const EXAMPLE_AT = '2025-01-02T03:04:05.000Z';

const contactExample = (type: WebhookEventType, data: Record<string, unknown> = {}) => ({
  id: '5f0c6a4e-8d3b-4c1a-9e2f-7a6b5c4d3e2f', type, created_on: EXAMPLE_AT, data: { ...sampleContact(type, EXAMPLE_AT), ...data },
});

const FLOW_TEST = 'A test event of this type (`POST /api/webhook-subscription/{id}/test`) carries `{"id": '
  + '"00000000-0000-4000-8000-000000000000", "test": true}` as `data`.';

const contactAndFlowEventDocs: WebhookEventDoc[] = [
  {
    type: 'contact.created', summary: 'A contact was created',
    description: 'A contact was created: by the API (including the upsert of `POST /api/contact`), the dashboard or a '
      + 'CSV upload. `data` is the contact exactly as the API serializes it.',
    payload: ContactEvent, example: contactExample('contact.created'),
  },
  {
    type: 'contact.updated', summary: 'A contact was updated',
    description: 'A contact was changed (PUT, PATCH, the upsert of an existing phone, the dashboard, a CSV upload). '
      + '`data` is the contact after the change, exactly as the API serializes it.',
    payload: ContactEvent, example: contactExample('contact.updated', { first_name: 'Ana María' }),
  },
  {
    type: 'contact.deleted', summary: 'A contact was deleted',
    description: 'A contact was (soft) deleted. `data` is the contact as the API serializes it, with `is_deleted: true`.',
    payload: ContactEvent, example: contactExample('contact.deleted', { is_deleted: true }),
  },
  {
    type: 'flow_execution_contact.completed', summary: 'A contact reached the end of a flow',
    description: `A contact completed a flow (its last step, or a hand-over to agents). \`data\` is the execution contact as \`GET /api/flow-execution-contact/{id}\` returns it, with every executed step. ${FLOW_TEST}`,
    payload: FlowExecutionContactEvent,
  },
  {
    type: 'flow_execution_contact.running_inbound', summary: 'An inbound message started a flow for a contact',
    description: `A contact's message matched the trigger of an INBOUND flow's execution and started the flow for them. \`data\` is the execution contact as \`GET /api/flow-execution-contact/{id}\` returns it (READY, before its first step). ${FLOW_TEST}`,
    payload: FlowExecutionContactEvent,
  },
];

const example = (type: string, data: unknown) => ({ id: '5f0c6a4e-8d3b-4c1a-9e2f-7a6b5c4d3e2f', type, created_on: EXAMPLE_AT, data });

const inboxEventDocs: WebhookEventDoc[] = [
  {
    type: 'message.received', summary: 'A contact sent a message',
    description: 'A message from a contact was stored (any type: text, media, location, contacts, button and list replies, '
      + 'reactions). Sent once per message, even when the provider delivers its callback twice. `data` is the message.',
    payload: MessageEvent, example: example('message.received', sampleMessage('message.received', EXAMPLE_AT)),
  },
  {
    type: 'message.status', summary: 'A message to a contact moved on',
    description: 'An outbound message became `sent`, `delivered` or `read`, or `failed` (refused by the provider at sending '
      + 'or later; `provider_error_code` and `provider_error_message` say why). Statuses only move forward, so a late '
      + 'callback sends no event. `data` is the message after the change.',
    payload: MessageEvent,
    example: example('message.status', sampleMessage('message.status', EXAMPLE_AT)),
  },
  {
    type: 'conversation.created', summary: 'A conversation opened',
    description: 'A message from a contact without an open conversation, or a template sent to one, opened a conversation. '
      + '`data` is the conversation, with its first message.',
    payload: ConversationEvent, example: example('conversation.created', sampleConversation(EXAMPLE_AT)),
  },
  {
    type: 'conversation.updated', summary: 'A conversation\'s status, assignees or tags changed',
    description: 'Through the API or the dashboard, or by a message: the contact answering a conversation we opened '
      + '(CREATED → NEW), an agent\'s reply (→ IN_PROGRESS, and assigned to the agent when it had no assignee). '
      + '`data` is the conversation after the change.',
    payload: ConversationEvent,
    example: example('conversation.updated', { ...sampleConversation(EXAMPLE_AT), status: 'RESOLVED', tags: [{ id: 4, name: 'billing' }] }),
  },
];

export const webhookEventDocs: WebhookEventDoc[] = [...contactAndFlowEventDocs, ...inboxEventDocs];

export const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id', required: true,
    description: 'The event id (a UUID), equal to the payload\'s `id`; the same on every attempt and resend of the event. '
      + 'Deduplicate on it.',
    schema: { type: 'string', format: 'uuid' },
  },
  {
    name: 'webhook-timestamp', required: true,
    description: 'When this attempt was signed, in Unix seconds. Reject timestamps too far from your clock (Standard '
      + 'Webhooks libraries allow 5 minutes) to stop replays.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
    example: '1735787045',
  },
  {
    name: 'webhook-signature', required: true,
    description: 'Space-separated signatures `v1,<base64 HMAC-SHA256>` of the string `<webhook-id>.<webhook-timestamp>.<raw '
      + 'body>`, keyed with the base64-decoded part of the secret after `whsec_`. One per secret in force: two during the '
      + '24 hours after a rotation. Accept the request when any of them matches (compare in constant time).',
    schema: { type: 'string' },
    example: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  },
];

export const WEBHOOK_RESPONSES = {
  '2XX': { description: `Received: any 2xx status within ${TIMEOUT_S} s. The body is ignored (its first 4 KiB are logged).` },
  410: { description: 'Gone: the subscription is switched off (`is_active: false`, with `disabled_reason`) and nothing '
    + 'more is sent until it is switched back on.' },
  default: {
    description: `Any other status, no answer within ${TIMEOUT_S} s, or a network error: the delivery is retried after `
      + `${RETRIES} (±10 % jitter; a longer \`Retry-After\` is honoured, up to 10 h), then marked FAILED. After 5 days `
      + 'in which every attempt failed the subscription is switched off.',
  },
};
