import { describe, expect, it } from 'vitest';
import { expectShape } from '@/lib/test-support/expect-shape';
import { serializeChannel } from '@/lib/channels/serializer';
import { encryptSettings } from '@/lib/channels/settings';
import { serializeConversation } from '@/lib/conversations/serializer';
import { serializeMessage } from '@/lib/messages/serializer';
import { serializeTemplate } from '@/lib/templates/serializer';
import { Channel, ChannelShort, ChatTemplate, CloudApiSettings, Conversation, Message, MessageLocation } from './schemas/messaging';

// The messaging serializers against their documented response schemas (as serializers.test.ts).

process.env.CHANNEL_SECRET_KEY ??= 'unit-test-key';
const when = new Date('2025-01-02T03:04:05.000Z');
const shortUser = { id: 7, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

const channel = {
  id: 3, accountId: 1, channelId: '1065', channelType: 'CHAT', channelProvider: 'PROVIDER_CLOUD_API', name: 'Main', status: 'ACTIVE',
  isSandbox: false, rateLimitPerSecond: 80, templatesSyncedOn: when, createdOn: when,
  settingsEncrypted: encryptSettings({
    phone_number_id: '1065', business_account_id: '1022', access_token: 'EAAG-token-1234567890', app_secret: 'secret',
    verify_token: 'verify', app_id: '', base_url: 'https://graph.facebook.com', api_version: 'v21.0',
  }),
} as const;

const template = {
  id: '0b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f', accountId: 1, channelId: 3, providerTemplateId: '1', name: 'welcome', language: 'en',
  category: 'UTILITY', status: 'approved', components: [{ type: 'BODY', text: 'Hi {{1}}' }], rejectedReason: '', isDeleted: false,
  createdOn: when, updatedOn: when,
} as const;

const message = {
  id: '1b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f', accountId: 1, conversationId: '2b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f',
  contactId: '3b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f', channelId: 3, chatTemplateId: template.id, direction: 'OUTBOUND', source: 'API',
  status: 'read', msgType: 'template', toNumber: '+525512345678', fromNumber: '1065', body: 'Hi Ana', content: { template: {} },
  contentType: 'text/plain', location: { address: 'a', latitude: 1, longitude: 2, place_name: 'p', url: '' }, contactsPayload: [{ name: {} }],
  timestamp: when, queuedOn: when, acceptedOn: when, sentOn: when, deliveredOn: when, readOn: when, failedOn: null, providerId: 'wamid.1',
  providerErrorCode: null, providerErrorMessage: null, failedAttempts: 0, sentById: 7, isDeleted: false,
} as const;

describe('messaging response schemas mirror the serializers', () => {
  it('channel, with masked settings', () => {
    const c = serializeChannel(channel as never, 'https://app.example.com');
    expectShape(Channel, c);
    expectShape(CloudApiSettings, c.cloud_api_settings);
    expect(JSON.stringify(c)).not.toContain('EAAG-token');
  });

  it('chat template with its channel', () => {
    const t = serializeTemplate(template as never, channel as never);
    expectShape(ChatTemplate, t);
    expectShape(ChannelShort, t.channel);
    expect(t.variable_count).toBe(1);
  });

  const assignedUser = { ...shortUser, profile_image: null, account: 3, date_joined: when.toISOString() };
  const summary = { id: message.id, body: 'Hi', direction: 'INBOUND' as const, msg_type: 'text' as const, status: 'received' as const, timestamp: when.toISOString(), source: 'INBOUND' as const, sent_by: null };
  it('message and conversation', () => {
    const t = serializeTemplate(template as never, channel as never);
    const m = serializeMessage(message as never, { sentBy: shortUser, template: t });
    expectShape(Message, m);
    expectShape(MessageLocation, m.location);
    expectShape(Conversation, serializeConversation({
      id: message.conversationId, contact: message.contactId, status: 'NEW', source: 'INBOX', created_on: when, last_message_on: when,
      last_inbound_on: when.toISOString(), unread_count: 2, archived_on: null, channel: 7,
      contact_summary: { id: message.contactId, first_name: 'Ana', last_name: null, phone: '55 1234 5678', canonical_phone: '+525512345678', is_deleted: false }, assigned: [assignedUser], tags: [{ id: 1, name: 'vip' }], team: { id: 4, name: 'Sales' },
      first_message: summary, last_message: { ...summary, direction: 'OUTBOUND', status: 'read', source: 'INBOX', sent_by: 3 },
    }));
  });
});
