import type { SerializedContact } from '@/lib/contacts/serializer';
import type { SerializedConversation } from '@/lib/conversations/serializer';
import type { SerializedMessage } from '@/lib/messages/serializer';
import type { WebhookEventType } from './validation';

// Made-up resources in the shape of each event type's real payload (the schemas of `/api/schema`):
// what a test event carries, so a receiver that checks them takes the test as it will take real
// events, and the examples of the API reference. A flow execution contact carries a flow, its
// steps and an execution: too much to make up usefully, so its test events carry a marked
// placeholder.

export const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const SAMPLE_CONVERSATION = '00000000-0000-4000-8000-000000000001';
const SAMPLE_MESSAGE = '00000000-0000-4000-8000-000000000002';

export function sampleContact(type: WebhookEventType, at: string): SerializedContact {
  return {
    id: SAMPLE_ID, phone: '+52 55 1234 5678', canonical_phone: '+525512345678', first_name: 'Test', last_name: 'Contact',
    email: 'test@example.com', meta: { sample: 'true' }, external_url: null, external_id: null, is_deleted: type === 'contact.deleted',
    source: 'website', created_on: at, last_updated_on: at, created_by: null, notes: [], tags: [],
    last_conversation: null, default_assignees: [], phone_status: 'UNKNOWN', contact_import: null, opted_out: false, opted_out_on: null,
  };
}

export function sampleMessage(type: WebhookEventType, at: string): SerializedMessage {
  const inbound = type === 'message.received';
  return {
    id: SAMPLE_MESSAGE, conversation: SAMPLE_CONVERSATION, contact: SAMPLE_ID, to_number: inbound ? '15550001111' : '525512345678',
    from_number: inbound ? '525512345678' : '15550001111', body: inbound ? 'Hello, this is a test message.' : 'Test reply.',
    direction: inbound ? 'INBOUND' : 'OUTBOUND', timestamp: at, status: inbound ? 'received' : 'delivered',
    queued_on: inbound ? null : at, accepted_on: inbound ? null : at, sent_on: inbound ? null : at, delivered_on: inbound ? null : at,
    read_on: null, failed_on: null, provider_id: 'wamid.test', provider_error_code: null, provider_error_message: null,
    sent_by: null, is_deleted: false, content: { text: { body: inbound ? 'Hello, this is a test message.' : 'Test reply.' } },
    chat_template: null, content_type: 'text', msg_type: 'text', location: null, failed_attempts: 0, contacts: [],
    source: inbound ? 'INBOUND' : 'API',
  };
}

export function sampleConversation(at: string): SerializedConversation {
  const summary = { id: SAMPLE_MESSAGE, body: 'Hello, this is a test message.', direction: 'INBOUND' as const, msg_type: 'text' as const,
    status: 'received' as const, timestamp: at, source: 'INBOUND' as const, sent_by: null };
  return {
    id: SAMPLE_CONVERSATION, contact: SAMPLE_ID, channel: null, status: 'NEW', assigned: [], tags: [], team: null, created_on: at, source: 'INBOX',
    contact_summary: { id: SAMPLE_ID, first_name: 'Test', last_name: 'Contact', phone: '+52 55 1234 5678', canonical_phone: '+525512345678', is_deleted: false },
    last_message_on: at, first_message: summary, last_message: summary, unread_count: 1, archived_on: null, free_form_until: null,
  };
}

/** The `data` of a test event of this type. */
export function testEventData(type: WebhookEventType, now: Date): object {
  const at = now.toISOString();
  if (type.startsWith('contact.')) return sampleContact(type, at);
  if (type.startsWith('message.')) return sampleMessage(type, at);
  if (type.startsWith('conversation.')) return sampleConversation(at);
  return { id: SAMPLE_ID, test: true };
}
