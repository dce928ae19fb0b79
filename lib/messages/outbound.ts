import type { Executor } from '@/db';
import { messages, messageSource } from '@/db/schema';
import type { ChannelRecord, WireTemplate } from '@/lib/channels/provider';
import type { ConversationRecord, ConversationStatus } from '@/lib/conversations/open';
import { touchConversation } from '@/lib/conversations/open';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';

// Writes an outbound message as `queued` and enqueues its send in the same transaction: the send
// job exists exactly when the message does.

type Source = (typeof messageSource.enumValues)[number];

export type OutboundInput = {
  accountId: number;
  channel: ChannelRecord;
  conversation: ConversationRecord;
  contact: { id: string; canonicalPhone: string };
  source: Source;
  sentById: number | null;
  /** Conversation status after this message (an agent's reply moves NEW to IN_PROGRESS). */
  conversationStatus?: ConversationStatus;
} & (
  | { kind: 'template'; templateId: string; template: WireTemplate; variables: string[]; body: string }
  | { kind: 'text'; body: string }
);

/** The row of an outbound message as it is queued. */
export function outboundRow(input: OutboundInput, now: Date) {
  const content = input.kind === 'template'
    ? { template: input.template, variables: input.variables }
    : { text: { body: input.body } };
  return {
    accountId: input.accountId, conversationId: input.conversation.id, contactId: input.contact.id, channelId: input.channel.id,
    chatTemplateId: input.kind === 'template' ? input.templateId : null, direction: 'OUTBOUND' as const, source: input.source,
    status: 'queued' as const, msgType: input.kind, toNumber: input.contact.canonicalPhone, fromNumber: input.channel.channelId,
    body: input.body, content, contentType: 'text/plain', timestamp: now, queuedOn: now, sentById: input.sentById,
  };
}

export async function queueOutbound(tx: Executor, input: OutboundInput) {
  const now = new Date();
  const [row] = await tx.insert(messages).values(outboundRow(input, now)).returning();
  await touchConversation(tx, input.conversation, now, { inbound: false, status: input.conversationStatus });
  await enqueue(tx, QUEUES.messageSend.name, { messageId: row.id });
  return row;
}
