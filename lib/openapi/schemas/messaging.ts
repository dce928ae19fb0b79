import { z } from 'zod';
import {
  channelProviders, channelStatuses, channelTypes, conversationSources, conversationStatuses, messageDirections, messageSources,
  messageStatuses, messageTypes, templateCategories, templateStatuses,
} from '@/db/schema/enum-values';
import { AssignedUser, dateTime, id, ShortUser, Tag, uuid } from './common';
import { named } from './named';

const anyJson = () => z.unknown().meta({ description: 'Any JSON value.' });

// Response shapes of channels, chat templates, conversations and messages:
// lib/channels/serializer.ts, lib/templates/serializer.ts, lib/conversations/serializer.ts and
// lib/messages/serializer.ts return them (see common.ts).

export const ChannelShort = named('ChannelShort', z.object({
  id: id(),
  channel_id: z.string().meta({ description: 'The provider\'s id of the number (phone_number_id), or the sandbox number.' }),
  channel_type: z.enum(channelTypes),
  name: z.string(),
  status: z.enum(channelStatuses),
  created_on: dateTime(),
  channel_provider: z.enum(channelProviders),
  is_sandbox: z.boolean(),
}));

export const CloudApiSettings = named('CloudApiSettings', z.object({
  phone_number_id: z.string(),
  chat_business_account_id: z.string(),
  app_id: z.string(),
  base_url: z.string().meta({
    description: 'Base URL of the Cloud API. A URL whose host is not a public address is refused (400 on `base_url`) unless '
      + 'the server lists the host in `CHANNEL_ALLOW_PRIVATE_BASE_URLS`; every call to the provider checks the address again.',
    example: 'https://graph.facebook.com',
  }),
  api_version: z.string().meta({ example: 'v21.0' }),
  access_token_ro: z.string().meta({ description: 'The access token, masked (`••••` and at most its last 4 characters).' }),
  app_token_ro: z.string().meta({ description: 'The app secret, masked. Written as `app_secret`.' }),
  webhook_verify_token: z.string().meta({ description: 'The verification token, masked. Written as `verify_token` (or under this name).' }),
  service_webhook_url: z.url().meta({ description: 'The callback URL to paste into the provider.' }),
  proxy_requests: z.boolean().meta({ description: 'Always false: this service calls the provider itself, never through a proxy.' }),
  webhook_set: z.boolean().meta({ description: 'Whether the provider completed the verification handshake.' }),
}).meta({ description: 'The cloud_api provider settings. Secrets are write-only: never returned whole.' }));

export const Channel = named('Channel', ChannelShort.extend({
  rate_limit: z.int().positive().meta({ description: 'Messages per second this service sends on the channel.' }),
  templates_synced_on: dateTime().nullable(),
  callback_url: z.url().nullable().meta({ description: 'Provider callback URL (null for the sandbox).' }),
  cloud_api_settings: CloudApiSettings.nullable(),
}));

export const CredentialCheck = named('CredentialCheck', z.object({
  ok: z.boolean(),
  reached: z.boolean().meta({ description: 'Whether the provider answered: false means the credentials could not be checked (see `detail`).' }),
  detail: z.string(),
  display_phone_number: z.string().optional(),
  verified_name: z.string().optional(),
}));

export const TemplateSyncResult = named('TemplateSyncResult', z.object({
  fetched: z.int().min(0).meta({ description: 'Templates the provider listed (all pages).' }),
  removed: z.int().min(0).meta({ description: 'Templates no longer listed, now marked deleted.' }),
  templates_synced_on: dateTime(),
}));

export const ChatTemplate = named('ChatTemplate', z.object({
  id: uuid(),
  name: z.string(),
  language: z.string().meta({ example: 'en_US' }),
  category: z.enum(templateCategories),
  status: z.enum(templateStatuses),
  components: z.array(z.record(z.string(), anyJson())).meta({
    description: 'The Cloud API components array (HEADER, BODY, FOOTER, BUTTONS). Placeholders `{{1}}`… in the HEADER '
      + 'text, the BODY text and URL buttons\' `url` are the variables of a send, in that order.',
    example: [{ type: 'BODY', text: 'Hi {{1}}, welcome to {{2}}!' }],
  }),
  rejected_reason: z.string(),
  is_deleted: z.boolean(),
  variable_count: z.int().min(0).meta({ description: 'How many `variables` a send of this template needs.' }),
  channel: ChannelShort,
}));

export const TemplateSendResult = named('TemplateSendResult', z.object({
  id: uuid().meta({ description: 'The message id.' }),
  conversation: uuid().meta({ description: 'The conversation id.' }),
}));

export const MessageSummary = named('MessageSummary', z.object({
  id: uuid(),
  body: z.string().meta({ description: 'The first 200 characters of the message\'s text.' }),
  direction: z.enum(messageDirections),
  msg_type: z.enum(messageTypes),
  status: z.enum(messageStatuses),
  timestamp: dateTime(),
  source: z.enum(messageSources),
  sent_by: z.int().nullable().meta({ description: 'The id of the member who sent it (from the inbox, through the API with their key, or in a broadcast they created); null for the contact\'s messages and a flow\'s.' }),
}).meta({ description: 'A message as a conversation list shows it.' }));

export const ContactSummary = named('ContactSummary', z.object({
  id: uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().meta({ description: 'As written.' }),
  canonical_phone: z.string().meta({ description: 'E.164.' }),
  is_deleted: z.boolean().meta({ description: 'The contact was deleted (it may still write in).' }),
}).meta({ description: 'The conversation\'s contact as a list shows it.' }));

export const Conversation = named('Conversation', z.object({
  id: uuid(),
  contact: uuid(),
  contact_summary: ContactSummary,
  channel: id().nullable().meta({
    description: 'The channel (business number) the conversation is on: its replies and templates go out through it. '
      + 'Null when that channel was deleted.',
  }),
  status: z.enum(conversationStatuses).meta({
    description: 'CREATED: we wrote first, no reply yet; NEW: the contact wrote, no agent reply; IN_PROGRESS: an agent '
      + 'replied; FLOW: in a flow; RESOLVED and CLOSED: done.',
  }),
  assigned: z.array(AssignedUser),
  tags: z.array(Tag),
  team: z.object({ id: id(), name: z.string() }).nullable().meta({
    description: 'The team whose queue the conversation is in (the default team for a new inbound one, a flow\'s '
      + 'hand-over), or null.',
  }),
  created_on: dateTime(),
  source: z.enum(conversationSources),
  last_message_on: dateTime().nullable(),
  first_message: MessageSummary.nullable(),
  last_message: MessageSummary.nullable(),
  unread_count: z.int().min(0).meta({
    description: 'Messages from the contact since an agent last read (POST …/read) or answered the conversation.',
  }),
  free_form_until: dateTime().nullable().meta({
    description: 'Until when free-form messages may be sent: 24 hours after the contact\'s last message (null: never wrote).',
  }),
  archived_on: dateTime().nullable().meta({
    description: 'When the conversation was archived: closed (RESOLVED or CLOSED) while the account\'s '
      + '`archive_conversations_when_closed` was on. Reopening it clears this. Lists leave archived conversations out '
      + 'unless `archived` or `contact` is given.',
  }),
}));

export const MessageLocation = named('MessageLocation', z.object({
  address: z.string(), latitude: z.number(), longitude: z.number(), place_name: z.string(), url: z.string(),
}));

export const Message = named('Message', z.object({
  id: uuid(),
  conversation: uuid().nullable(),
  to_number: z.string(),
  from_number: z.string(),
  body: z.string().meta({ description: 'The text as the reader sees it (template rendered, caption, reply title …).' }),
  direction: z.enum(messageDirections),
  timestamp: dateTime(),
  contact: uuid(),
  status: z.enum(messageStatuses).meta({
    description: 'Outbound: queued → accepted → sent → delivered → read, or failed; never moves backwards. Inbound: received.',
  }),
  queued_on: dateTime().nullable(),
  accepted_on: dateTime().nullable(),
  sent_on: dateTime().nullable(),
  delivered_on: dateTime().nullable(),
  read_on: dateTime().nullable(),
  failed_on: dateTime().nullable(),
  provider_id: z.string().nullable(),
  provider_error_code: z.string().nullable(),
  provider_error_message: z.string().nullable(),
  sent_by: ShortUser.nullable(),
  is_deleted: z.boolean(),
  content: z.record(z.string(), anyJson()).meta({ description: 'The type\'s own object, in the Cloud API format.' }),
  chat_template: ChatTemplate.nullable(),
  content_type: z.string(),
  msg_type: z.enum(messageTypes),
  location: MessageLocation.nullable(),
  failed_attempts: z.int().min(0),
  contacts: z.array(z.record(z.string(), anyJson())),
  source: z.enum(messageSources),
}));

export const CallbackResult = named('CallbackResult', z.object({
  messages: z.int().min(0), duplicates: z.int().min(0), statuses: z.int().min(0), skipped: z.int().min(0),
}));
