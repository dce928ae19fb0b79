import type { z } from 'zod';
import type { broadcastRecipients, broadcasts } from '@/db/schema';
import type { ChannelRecord } from '@/lib/channels/provider';
import type { Broadcast, BroadcastRecipient } from '@/lib/openapi/schemas/broadcasts';
import { iso } from '@/lib/serializers/iso';
import { serializeTemplate, type TemplateRecord } from '@/lib/templates/serializer';

// One serializer for the broadcast (list, detail, create and control answers) and one for its
// recipients: explicit field lists, in wire order. The shapes are the response schemas'
// (lib/openapi/schemas/broadcasts.ts).

export type SerializedBroadcast = z.output<typeof Broadcast>;
export type SerializedRecipient = z.output<typeof BroadcastRecipient>;

export type BroadcastRecord = typeof broadcasts.$inferSelect;
export type RecipientRecord = typeof broadcastRecipients.$inferSelect;

export type BroadcastExtras = {
  createdBy: string | null;
  template: { template: TemplateRecord; channel: ChannelRecord } | null;
  contactTagIds: number[];
  /** The recipients' ids, or null when the caller asked to leave them out. */
  recipientIds: number[] | null;
  /** The broadcast retrying this one's failed recipients, if any. */
  retriedBy: number | null;
};

export function serializeBroadcast(b: BroadcastRecord, x: BroadcastExtras): SerializedBroadcast {
  return {
    id: b.id,
    name: b.name,
    created_by: x.createdBy,
    is_active: b.isActive,
    start_on: iso(b.startOn),
    status: b.status,
    status_reason: b.statusReason,
    ...(x.recipientIds ? { recipients: x.recipientIds } : {}),
    template_body: b.templateBody,
    created_on: iso(b.createdOn),
    started_on: iso(b.startedOn),
    completed_on: iso(b.completedOn),
    total: b.total,
    sent: b.sent,
    delivered: b.delivered,
    read: b.read,
    answered: b.answered,
    failed: b.failed,
    pending: b.pending,
    skipped: b.skipped,
    chat_template: x.template ? serializeTemplate(x.template.template, x.template.channel) : null,
    contact_tags: x.contactTagIds,
    has_priority: b.hasPriority,
    retry_of: b.retryOfId,
    retried_by: x.retriedBy,
  };
}
export function serializeRecipient(r: RecipientRecord): SerializedRecipient {
  return {
    id: r.id,
    broadcast: r.broadcastId,
    phone: r.phone,
    canonical_phone: r.canonicalPhone,
    contact: r.contactId,
    data: r.data,
    status: r.status,
    reason: r.reason,
    message: r.messageId,
    sent_on: iso(r.sentOn),
    delivered_on: iso(r.deliveredOn),
    read_on: iso(r.readOn),
    answered_on: iso(r.answeredOn),
    failed_on: iso(r.failedOn),
    updated_on: iso(r.updatedOn),
  };
}
