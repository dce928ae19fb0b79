import { channelCreateSchema, channelPatchSchema } from '@/lib/channels/validation';
import { sandboxInboundSchema, sandboxMessagesQuery } from '@/lib/channels/sandbox/validation';
import { paginated } from '../schemas/common';
import { CallbackResult, Channel, CredentialCheck, Message, TemplateSyncResult } from '../schemas/messaging';
import type { PathParam, ResourceDoc } from '../operation';

const channelId: Record<string, PathParam> = { id: { kind: 'int', description: 'Channel id.' } };
const tags = ['Channels'];

export const channelsDoc: ResourceDoc = {
  tags: [
    {
      name: 'Channels',
      description: 'The numbers the account messages from: the sandbox every account gets (offline, simulated delivery) '
        + 'and WhatsApp Cloud API channels. Provider secrets are stored encrypted and never returned whole.',
    },
    {
      name: 'Provider callbacks',
      description: 'Called by the channel provider, not by API clients: authenticated by the verification token and the '
        + '`X-Hub-Signature-256` signature (HMAC-SHA256 of the raw body with the app secret).',
    },
  ],
  operations: [
    {
      method: 'get', path: '/api/channels', operationId: 'channel_list', tags,
      summary: 'List channels', paginated: true,
      responses: { 200: { description: 'A page of channels, oldest first.', schema: paginated(Channel, 'Channel') } },
    },
    {
      method: 'post', path: '/api/channels', operationId: 'channel_create', tags, roles: ['ADMIN'],
      summary: 'Add a cloud_api channel',
      description: 'The provider\'s settings (`cloud_api_settings` in the channel\'s answer), given flat. The answer carries the callback '
        + 'URL to paste into the provider. The channel is NEW until the handshake, a credential test or a template sync works.',
      body: {
        schema: channelCreateSchema, name: 'ChannelCreateRequest', required: true,
        example: {
          name: 'Main number', phone_number_id: '106540352242922', business_account_id: '102290129340398',
          access_token: 'EAAG…', app_secret: '…', verify_token: 'a-random-string',
        },
      },
      responses: { 201: { description: 'The channel, secrets masked.', schema: Channel } },
    },
    {
      method: 'get', path: '/api/channels/{id}', operationId: 'channel_retrieve', tags, params: channelId,
      summary: 'Get channel',
      responses: { 200: { description: 'The channel, secrets masked.', schema: Channel } },
    },
    {
      method: 'patch', path: '/api/channels/{id}', operationId: 'channel_partial_update', tags, roles: ['ADMIN'], params: channelId,
      summary: 'Update channel',
      description: 'Any subset: name, status, rate limit, and for cloud_api channels any provider setting (a secret sent '
        + 'replaces the stored one; one not sent is kept).',
      body: { schema: channelPatchSchema, name: 'ChannelPatchRequest', required: true },
      responses: { 200: { description: 'The channel, secrets masked.', schema: Channel } },
    },
    {
      method: 'delete', path: '/api/channels/{id}', operationId: 'channel_destroy', tags, roles: ['ADMIN'], params: channelId,
      summary: 'Delete channel',
      description: 'The channel disappears from the account and is switched off for good; its messages keep their history and '
        + 'name it. Sends through it are refused ("The template\'s channel was deleted …"), its templates leave the list. '
        + 'The sandbox channel cannot be deleted (switch it off with `status: INACTIVE`).',
      responses: { 204: { description: 'Deleted.' } },
    },
    {
      method: 'post', path: '/api/channels/{id}/test-credentials', operationId: 'channel_test_credentials', tags, roles: ['ADMIN'],
      params: channelId,
      summary: 'Test the channel\'s credentials',
      description: 'Asks the provider for the number with the stored token. A refusal is `ok: false` with the provider\'s reason.',
      responses: { 200: { description: 'The outcome.', schema: CredentialCheck } },
    },
    {
      method: 'post', path: '/api/channels/{id}/sync-templates', operationId: 'channel_sync_templates', tags, roles: ['ADMIN'],
      params: channelId,
      summary: 'Sync the channel\'s templates now',
      description: 'Fetches every page of the provider\'s templates; templates it no longer lists are marked deleted. '
        + 'Also runs every 5 minutes. A provider failure is a 400 under `non_field_errors`.',
      errors: [400],
      responses: { 200: { description: 'What the sync did.', schema: TemplateSyncResult } },
    },
    {
      method: 'post', path: '/api/channels/sandbox/inbound', operationId: 'channel_sandbox_inbound', tags,
      summary: 'Sandbox phone: reply as a contact',
      description: 'Acts as the contact with this phone writing to the account\'s sandbox number: text, a button choice '
        + '(`button` = quick reply of a template, `interactive` = reply button), a file (`image`, `document`, `audio`, '
        + '`video`: `media`) or a `location`. Enters through the same inbound path as provider callbacks.',
      body: { schema: sandboxInboundSchema, name: 'SandboxInboundRequest', required: true, example: { phone: '+525512345678', text: 'Hola' } },
      responses: { 201: { description: 'The stored inbound message.', schema: Message } },
    },
    {
      method: 'get', path: '/api/channels/sandbox/messages', operationId: 'channel_sandbox_messages', tags,
      summary: 'Sandbox phone: messages of a number',
      description: 'What the number received and sent on the sandbox channel, oldest first.',
      query: sandboxMessagesQuery, queryDescriptions: { phone: 'The contact\'s phone, any spelling.' }, paginated: true,
      responses: { 200: { description: 'A page of messages.', schema: paginated(Message, 'Message') } },
    },
    {
      method: 'get', path: '/api/channels/cloud-api/webhook/{channel_id}', operationId: 'cloud_api_webhook_verify',
      tags: ['Provider callbacks'], auth: false,
      params: { channel_id: { kind: 'int', description: 'The channel\'s integer id.' } },
      summary: 'Cloud API verification handshake',
      description: 'With `hub.mode=subscribe` and `hub.verify_token` equal to the channel\'s verification token, answers '
        + '`hub.challenge` as text; otherwise 403.',
      errors: [403],
      responses: { 200: { description: 'The challenge.', content: { 'text/plain': { schema: { type: 'string' }, example: '1158201444' } } } },
    },
    {
      method: 'post', path: '/api/channels/cloud-api/webhook/{channel_id}', operationId: 'cloud_api_webhook_receive',
      tags: ['Provider callbacks'], auth: false,
      params: { channel_id: { kind: 'int', description: 'The channel\'s integer id.' } },
      summary: 'Cloud API inbound messages and statuses',
      description: 'A Cloud API webhook payload, signed: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body '
        + 'with the app secret>`. A missing or wrong signature is a 401 and nothing is stored. The same message delivered '
        + 'twice is stored once; statuses never move a message backwards.',
      body: {
        contentType: 'application/json', required: true,
        schema: { type: 'object', description: 'Cloud API webhook payload: `{object, entry: [{changes: [{value: {messages, statuses, contacts, metadata}}]}]}`.' },
        description: 'The provider\'s payload, as sent.',
      },
      errors: [400, 401, 413],
      responses: { 200: { description: 'What was stored.', schema: CallbackResult } },
    },
  ],
};
