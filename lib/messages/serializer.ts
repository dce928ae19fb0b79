import type { z } from 'zod';
import type { messages } from '@/db/schema';
import type { ShortUser } from '@/lib/openapi/schemas/common';
import type { Message, MessageLocation as MessageLocationSchema } from '@/lib/openapi/schemas/messaging';
import type { SerializedTemplate } from '@/lib/templates/serializer';
import { iso } from '@/lib/serializers/iso';

// One serializer for the message (the API's message object) plus its conversation: the
// conversation's message list, the free-form send answer and the sandbox phone. The shape is the
// response schema's (lib/openapi/schemas/messaging.ts).

export type MessageRecord = typeof messages.$inferSelect;
export type SerializedMessage = z.output<typeof Message>;
export type MessageLocation = z.output<typeof MessageLocationSchema>;

export function serializeMessage(
  m: MessageRecord, related: { sentBy: z.output<typeof ShortUser> | null; template: SerializedTemplate | null },
): SerializedMessage {
  return {
    id: m.id,
    conversation: m.conversationId,
    to_number: m.toNumber,
    from_number: m.fromNumber,
    body: m.body,
    direction: m.direction,
    timestamp: iso(m.timestamp),
    contact: m.contactId,
    status: m.status,
    queued_on: iso(m.queuedOn),
    accepted_on: iso(m.acceptedOn),
    sent_on: iso(m.sentOn),
    delivered_on: iso(m.deliveredOn),
    read_on: iso(m.readOn),
    failed_on: iso(m.failedOn),
    provider_id: m.providerId,
    provider_error_code: m.providerErrorCode,
    provider_error_message: m.providerErrorMessage,
    sent_by: related.sentBy,
    is_deleted: m.isDeleted,
    content: m.content as Record<string, unknown>,
    chat_template: related.template,
    content_type: m.contentType,
    msg_type: m.msgType,
    location: (m.location as MessageLocation | null) ?? null,
    failed_attempts: m.failedAttempts,
    contacts: (m.contactsPayload as Record<string, unknown>[] | null) ?? [],
    source: m.source,
  };
}
