// One serializer for the conversation: list, detail and update answers. Input is a row of
// CONVERSATION_COLUMNS (queries.ts): snake_case columns plus JSON aggregates.

type ShortUser = { id: number; first_name: string; last_name: string; email: string };

export type ConversationRow = {
  id: string;
  contact: string;
  status: string;
  source: string;
  created_on: Date | string;
  last_message_on: Date | string | null;
  last_inbound_on: Date | string | null;
  assigned: ShortUser[] | null;
  tags: { id: number; name: string }[] | null;
};

/** Free-form messages may be sent for this long after the contact's last inbound message. */
export const FREE_FORM_WINDOW_MS = 24 * 3600 * 1000;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function serializeConversation(c: ConversationRow) {
  return {
    id: c.id,
    contact: c.contact,
    status: c.status,
    assigned: c.assigned ?? [],
    tags: c.tags ?? [],
    created_on: iso(c.created_on),
    source: c.source,
    last_message_on: iso(c.last_message_on),
    // Until when a free-form message may be sent (24 h after the contact's last message), or null.
    free_form_until: c.last_inbound_on === null ? null : new Date(new Date(c.last_inbound_on).getTime() + FREE_FORM_WINDOW_MS).toISOString(),
  };
}
export type SerializedConversation = ReturnType<typeof serializeConversation>;
