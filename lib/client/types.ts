import type { SerializedContact } from '@/lib/contacts/serializer';
import type { serializeMember } from '@/lib/members/serializer';
import type { serializeApiKey } from '@/lib/api-keys/serializer';
import type { serializeAccount } from '@/lib/accounts/serializer';
import type { serializeAttempt, serializeDelivery, serializeSubscription } from '@/lib/webhooks/serializer';
import type { SerializedChannel } from '@/lib/channels/serializer';
import type { CredentialCheck as ServerCredentialCheck } from '@/lib/channels/provider';
import type { SandboxInbound as ServerSandboxInbound } from '@/lib/channels/sandbox/validation';
import type { SerializedTemplate } from '@/lib/templates/serializer';
import type { SyncResult } from '@/lib/templates/sync';
import type { SerializedConversation } from '@/lib/conversations/serializer';
import type { ConversationChange } from '@/lib/conversations/validation';
import type { SerializedMessage } from '@/lib/messages/serializer';
import type { SerializedBroadcast, SerializedRecipient } from '@/lib/broadcasts/serializer';

// Wire shapes as the browser sees them, derived from the server's serializers where they exist.

export type Contact = SerializedContact;
export type ContactNote = Contact['notes'][number];
export type Member = ReturnType<typeof serializeMember>;
export type Role = Member['role'];
export type Account = ReturnType<typeof serializeAccount>;
export type ApiKey = ReturnType<typeof serializeApiKey>;
export type NewApiKey = ApiKey & { key: string };
export type ShortUser = { id: number; first_name: string; last_name: string; email: string };

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export type Me = { user: Member; account: Account };

export type UploadStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
export type RejectedRow = { line: number; reason: string; row: Record<string, string> };
export type Upload = {
  upload_group_id: string;
  status: UploadStatus;
  byte_size: number;
  processed_bytes: number;
  rows: number;
  created: number;
  updated: number;
  rejected: number;
  error: string | null;
  created_on: string;
  started_on: string | null;
  finished_on: string | null;
  rejected_rows: RejectedRow[];
};

/** Body of POST /api/contact and PUT /api/contact/{id} as the dashboard sends it. */
export type ContactWrite = {
  phone: string;
  first_name: string;
  last_name: string;
  email: string;
  external_url: string;
  external_id: string;
  tags: { name: string }[];
  meta: Record<string, string>;
  notes?: { id: number; notes: string }[];
  default_assignees?: { id: number }[];
};

export type WebhookSubscription = ReturnType<typeof serializeSubscription>;
export type WebhookEventType = WebhookSubscription['events'][number];
/** The create answer: the only one that carries the signing secret. */
export type NewWebhookSubscription = WebhookSubscription & { secret: string };
export type WebhookSecret = { secret: string; previous_secret: string | null; previous_secret_expires_on: string | null };
export type WebhookDelivery = ReturnType<typeof serializeDelivery>;
export type WebhookDeliveryStatus = WebhookDelivery['status'];
export type WebhookAttempt = Omit<ReturnType<typeof serializeAttempt>, 'request_headers'> & { request_headers: Record<string, string> };
export type WebhookDeliveryDetail = WebhookDelivery & { payload: unknown; attempt_log: WebhookAttempt[] };

/** Body of POST /api/webhook-subscription and PUT /api/webhook-subscription/{id}. */
export type WebhookSubscriptionWrite = { target: string; events: WebhookEventType[]; is_active: boolean };

export type Channel = SerializedChannel;
export type CloudApiSettingsView = NonNullable<Channel['cloud_api_settings']>;
export type CredentialCheck = ServerCredentialCheck;
export type TemplateSyncResult = SyncResult;
/** Body of POST /api/channels: a cloud_api channel's settings, flat; secrets write-only. */
export type ChannelWrite = {
  name: string;
  phone_number_id: string;
  business_account_id: string;
  access_token: string;
  app_secret: string;
  verify_token: string;
  app_id?: string;
  base_url?: string;
  api_version?: string;
  rate_limit?: string;
};

export type ChatTemplate = SerializedTemplate;
export type TemplateCategory = ChatTemplate['category'];
export type TemplateStatus = ChatTemplate['status'];
/** Answer of POST /api/channels/chat/template/{id}/send. */
export type TemplateSendResult = { id: string; conversation: string };

export type ConversationStatus = NonNullable<ConversationChange['status']>;
export type Conversation = Omit<SerializedConversation, 'status'> & { status: ConversationStatus };
/** Body of PATCH /api/inbox/conversation/{id}/update as the dashboard sends it. */
export type ConversationPatch = { status?: ConversationStatus; assigned?: { id: number }[]; tags?: { name: string }[] };

export type Message = SerializedMessage;
export type MessageStatus = Message['status'];
export type MessageType = Message['msg_type'];
/** Body of POST /api/channels/sandbox/inbound (the sandbox phone's reply). */
export type SandboxInbound = Omit<Partial<ServerSandboxInbound>, 'phone' | 'type'> & { phone: string; type: ServerSandboxInbound['type'] };

/** A broadcast as the list and detail show it; `recipients` (the ids) is left out when asked. */
export type Broadcast = SerializedBroadcast;
export type BroadcastStatus = Broadcast['status'];
export type BroadcastRecipient = SerializedRecipient;
export type RecipientStatus = BroadcastRecipient['status'];
/** Body of POST /api/broadcast as the dashboard sends it. */
export type BroadcastWrite = {
  name: string;
  chat_template: string;
  recipients: { phone: string; data: string[] }[];
  /** ISO instant, or null to start now. */
  start_on: string | null;
  contact_tags: { name: string }[];
  has_priority: boolean;
};
