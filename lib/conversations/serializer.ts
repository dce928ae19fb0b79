import type { z } from 'zod';
import type { AssignedUser, Tag } from '@/lib/openapi/schemas/common';
import type { ContactSummary, Conversation, MessageSummary } from '@/lib/openapi/schemas/messaging';
import { iso } from '@/lib/serializers/iso';

// One serializer for the conversation: list, detail and update answers. Input is a row of
// CONVERSATION_COLUMNS (queries.ts): snake_case columns plus JSON aggregates. The shape is the
// response schema's (lib/openapi/schemas/messaging.ts).

export type SerializedConversation = z.output<typeof Conversation>;

export type ConversationRow = {
  id: string;
  contact: string;
  channel: number | null;
  status: SerializedConversation['status'];
  source: SerializedConversation['source'];
  created_on: Date | string;
  last_message_on: Date | string | null;
  last_inbound_on: Date | string | null;
  unread_count: number;
  archived_on: Date | string | null;
  contact_summary: z.output<typeof ContactSummary>;
  assigned: z.output<typeof AssignedUser>[] | null;
  tags: z.output<typeof Tag>[] | null;
  team: { id: number; name: string } | null;
  first_message: z.output<typeof MessageSummary> | null;
  last_message: z.output<typeof MessageSummary> | null;
};

/** Free-form messages may be sent for this long after the contact's last inbound message. */
export const FREE_FORM_WINDOW_MS = 24 * 3600 * 1000;

export function serializeConversation(c: ConversationRow): SerializedConversation {
  return {
    id: c.id,
    contact: c.contact,
    contact_summary: c.contact_summary,
    channel: c.channel === null ? null : Number(c.channel),
    status: c.status,
    assigned: c.assigned ?? [],
    tags: c.tags ?? [],
    team: c.team ? { id: Number(c.team.id), name: c.team.name } : null,
    created_on: iso(c.created_on),
    source: c.source,
    last_message_on: iso(c.last_message_on),
    first_message: c.first_message,
    last_message: c.last_message,
    unread_count: Number(c.unread_count),
    // Until when a free-form message may be sent (24 h after the contact's last message), or null.
    archived_on: iso(c.archived_on),
    free_form_until: c.last_inbound_on === null ? null : new Date(new Date(c.last_inbound_on).getTime() + FREE_FORM_WINDOW_MS).toISOString(),
  };
}
