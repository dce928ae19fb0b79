import type { Executor } from '@/db';
import { messageSource } from '@/db/schema';
import type { ChannelRecord, WireTemplate } from '@/lib/channels/provider';
import { upsertContacts } from '@/lib/contacts/upsert';
import type { Actor, Change } from '@/lib/contacts/write';
import { recordConversationEvents } from '@/lib/conversations/events';
import { openConversations, type ConversationRecord, type ConversationStatus } from '@/lib/conversations/open';
import { queueOutboundMessages, type SendJobs } from './outbound';

// Template sends, for every sender (the send API, the dashboard, broadcasts, flows): each
// recipient's contact found or created (an existing one used as it is unless the sender asks to
// merge into it), its open conversation joined or opened as CREATED, the message queued and its
// send job enqueued, all in the caller's transaction (countedTransaction). A batch gives what
// sending one after another would give; one send is a batch of one.

export type TemplateSendRequest = {
  actor: Actor;
  channel: ChannelRecord;
  templateId: string;
  /** The number as given, and canonical. */
  phone: string;
  canonicalPhone: string;
  variables: string[];
  wire: WireTemplate;
  body: string;
  messageSource: (typeof messageSource.enumValues)[number];
  conversationSource: ConversationRecord['source'];
  /** A change merged into the recipient's contact (a broadcast's tags); without it the contact is only found or created. */
  contactChange?: Change;
  /** The source of a contact created for this send (default `website`). */
  contactSourceIfNew?: string;
  /** The recipient's contact when the sender already has it (a flow's): used as it is, not looked up. */
  contactId?: string;
  /** The conversation's status after the message (a flow's conversation shows as FLOW). */
  conversationStatus?: ConversationStatus;
};

export type QueuedSend = { id: string; conversation: string; contact: string; opened: ConversationRecord };

/** `sendLater`: how the messages' send jobs are enqueued (queueOutboundMessages). */
export async function queueTemplateSends(tx: Executor, sends: TemplateSendRequest[], jobs: SendJobs = {}): Promise<QueuedSend[]> {
  if (!sends.length) return [];
  const known = sends.every((s) => s.contactId && !s.contactChange);
  const contacts: { id: string; created?: boolean }[] = known ? sends.map((s) => ({ id: s.contactId! })) : await upsertContacts(tx, sends.map((s) => ({
    actor: s.actor, canonicalPhone: s.canonicalPhone, phone: s.phone,
    change: s.contactChange ?? { fields: {} }, onExisting: s.contactChange ? 'merge' : 'keep', sourceIfNew: s.contactSourceIfNew,
  })));
  const opened = await openConversations(tx, sends.map((s, i) => ({
    accountId: s.actor.accountId, contactId: contacts[i].id, channelId: s.channel.id, source: s.conversationSource, status: 'CREATED',
    contactIsNew: contacts[i].created,
  })));
  const ids = await queueOutboundMessages(tx, sends.map((s, i) => ({
    accountId: s.actor.accountId, channel: s.channel, conversation: opened[i].conversation,
    contact: { id: contacts[i].id, canonicalPhone: s.canonicalPhone }, source: s.messageSource, sentById: s.actor.userId,
    kind: 'template', templateId: s.templateId, template: s.wire, variables: s.variables, body: s.body,
    conversationStatus: s.conversationStatus,
  })), jobs);
  const createdByAccount = new Map<number, string[]>();
  for (const [i, s] of sends.entries()) {
    if (opened[i].created) createdByAccount.set(s.actor.accountId, [...(createdByAccount.get(s.actor.accountId) ?? []), opened[i].conversation.id]);
  }
  for (const [accountId, created] of createdByAccount) {
    await recordConversationEvents(tx, accountId, created.map((id) => ({ id, type: 'conversation.created' as const })));
  }
  return ids.map((id, i) => ({ id, conversation: opened[i].conversation.id, contact: contacts[i].id, opened: opened[i].conversation }));
}
