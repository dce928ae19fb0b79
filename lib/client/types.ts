import type { SerializedContact } from '@/lib/contacts/serializer';
import type { serializeMember } from '@/lib/members/serializer';
import type { serializeApiKey } from '@/lib/api-keys/serializer';
import type { serializeAccount } from '@/lib/accounts/serializer';
import type { serializeAttempt, serializeDelivery, serializeSubscription } from '@/lib/webhooks/serializer';

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
