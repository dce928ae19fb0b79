import type { z } from 'zod';
import type * as broadcasts from '@/lib/openapi/schemas/broadcasts';
import type * as common from '@/lib/openapi/schemas/common';
import type * as composer from '@/lib/openapi/schemas/composer';
import type * as contacts from '@/lib/openapi/schemas/contacts';
import type * as dashboard from '@/lib/openapi/schemas/dashboard';
import type * as flows from '@/lib/openapi/schemas/flows';
import type * as members from '@/lib/openapi/schemas/members';
import type * as messaging from '@/lib/openapi/schemas/messaging';
import type * as teams from '@/lib/openapi/schemas/teams';
import type * as webhooks from '@/lib/openapi/schemas/webhooks';
import type { SandboxInbound as ServerSandboxInbound } from '@/lib/channels/sandbox/validation';

// Wire shapes as the browser sees them, inferred from the response schemas (lib/openapi/schemas):
// the same zod schemas type the server's serializers and become the OpenAPI document, so the three
// cannot drift. Those modules import only zod and one another. Request bodies are the dashboard's
// own (narrower) forms.

export type Contact = z.infer<typeof contacts.Contact>;
export type ContactNote = z.infer<typeof contacts.Note>;
export type Member = z.infer<typeof members.AccountMember>;
export type NewMember = z.infer<typeof members.NewAccountMember>;
export type MemberLink = z.infer<typeof members.MemberLink>;
export type MemberLinkInfo = z.infer<typeof members.MemberLinkInfo>;
export type TeamDetail = z.infer<typeof teams.TeamDetail>;
export type Role = Member['role'];
export type Account = z.infer<typeof dashboard.Account>;
export type ApiKey = z.infer<typeof dashboard.ApiKey>;
export type NewApiKey = z.infer<typeof dashboard.NewApiKey>;
export type ShortUser = z.infer<typeof common.ShortUser>;

export type Page<T> = common.Page<T>;

export type QuickReply = z.infer<typeof composer.QuickReply>;
export type Attachment = z.infer<typeof composer.Attachment>;

export type Me = z.infer<typeof dashboard.Me>;

export type Upload = z.infer<typeof contacts.ContactUpload>;
export type UploadSummary = z.infer<typeof contacts.ContactUploadSummary>;
export type UploadStatus = Upload['status'];
export type RejectedRow = z.infer<typeof contacts.RejectedRow>;

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
/** The new-contact form's POST: the phone and whatever else was filled in. */
export type ContactCreate = Pick<ContactWrite, 'phone'> & Partial<Omit<ContactWrite, 'phone'>>;

export type WebhookSubscription = z.infer<typeof webhooks.WebhookSubscription>;
export type WebhookEventType = WebhookSubscription['events'][number];
/** The create answer: the only one that carries the signing secret. */
export type NewWebhookSubscription = z.infer<typeof webhooks.NewWebhookSubscription>;
export type WebhookSecret = z.infer<typeof webhooks.WebhookSecret>;
export type WebhookDelivery = z.infer<typeof webhooks.WebhookDelivery>;
export type WebhookDeliveryStatus = WebhookDelivery['status'];
export type WebhookAttempt = z.infer<typeof webhooks.WebhookDeliveryAttempt>;
export type WebhookDeliveryDetail = z.infer<typeof webhooks.WebhookDeliveryDetail>;

/** Body of POST /api/webhook-subscription and PUT /api/webhook-subscription/{id}. */
export type WebhookSubscriptionWrite = { target: string; events: WebhookEventType[]; is_active: boolean };

export type Channel = z.infer<typeof messaging.Channel>;
export type CloudApiSettingsView = z.infer<typeof messaging.CloudApiSettings>;
export type CredentialCheck = z.infer<typeof messaging.CredentialCheck>;
export type TemplateSyncResult = z.infer<typeof messaging.TemplateSyncResult>;
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

export type ChatTemplate = z.infer<typeof messaging.ChatTemplate>;
export type TemplateCategory = ChatTemplate['category'];
export type TemplateStatus = ChatTemplate['status'];
/** Answer of POST /api/channels/chat/template/{id}/send. */
export type TemplateSendResult = z.infer<typeof messaging.TemplateSendResult>;

export type Conversation = z.infer<typeof messaging.Conversation>;
export type ConversationStatus = Conversation['status'];
/** Body of PATCH /api/inbox/conversation/{id}/update as the dashboard sends it. */
export type ConversationPatch = {
  status?: ConversationStatus; assigned?: { id: number }[]; tags?: { name: string }[]; team?: number | null;
  add_assigned?: { id: number }[]; remove_assigned?: { id: number }[]; add_tags?: { name: string }[]; remove_tags?: { name: string }[];
};

export type Message = z.infer<typeof messaging.Message>;
export type MessageStatus = Message['status'];
export type MessageType = Message['msg_type'];
/** Body of POST /api/channels/sandbox/inbound (the sandbox phone's reply). */
export type SandboxInbound = Omit<Partial<ServerSandboxInbound>, 'phone' | 'type'> & { phone: string; type: ServerSandboxInbound['type'] };

/** A broadcast as the list and detail show it; `recipients` (the ids) is left out when asked. */
export type Broadcast = z.infer<typeof broadcasts.Broadcast>;
export type BroadcastStatus = Broadcast['status'];
export type BroadcastRecipient = z.infer<typeof broadcasts.BroadcastRecipient>;
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

export type Flow = z.infer<typeof flows.Flow>;
export type FlowStep = z.infer<typeof flows.FlowStep>;
export type FlowActionTest = z.infer<typeof flows.FlowActionTest>;
export type FlowExecution = z.infer<typeof flows.FlowExecution>;
export type FlowExecutionStepStats = z.infer<typeof flows.FlowExecutionStepStats>;
export type FlowExecutionContact = z.infer<typeof flows.FlowExecutionContact>;
export type FlowExecutionContactDetail = z.infer<typeof flows.FlowExecutionContactDetail>;
