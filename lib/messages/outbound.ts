import { randomUUID } from 'node:crypto';
import type { Executor } from '@/db';
import { messages, messageSource } from '@/db/schema';
import type { ChannelRecord, OutboundMedia, WireInteractive, WireTemplate } from '@/lib/channels/provider';
import { touchConversations, type ConversationRecord, type ConversationStatus } from '@/lib/conversations/open';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { concurrently } from '@/lib/sql/concurrently';
import { insertRowsFromJson } from '@/lib/sql/insert-json';

// The one way an outbound message is written: as `queued`, with its send job enqueued in the same
// transaction, so the send job exists exactly when the message does. Every sender (template sends,
// inbox replies, broadcasts, flows) goes through queueOutboundMessages; one message is a batch of one.

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
  /** `body` is the readable text kept on the message (the question), `interactive` what goes on the wire. */
  | { kind: 'interactive'; body: string; interactive: WireInteractive }
  /** `body` is the caption. */
  | { kind: 'media'; media: OutboundMedia; body: string }
);

/** A person waiting on a reply comes before a broadcast's thousands of messages on the same queue. */
export const sendPriority = (source: Source) => (source === 'BROADCAST' ? 0 : 1);

/** The row of an outbound message as it is queued. */
function outboundRow(input: OutboundInput, now: Date) {
  const content = input.kind === 'template' ? { template: input.template, variables: input.variables }
    : input.kind === 'interactive' ? { interactive: input.interactive }
      : input.kind === 'media' ? { [input.media.type]: { ...input.media, type: undefined, caption: input.body || undefined } }
        : { text: { body: input.body } };
  return {
    accountId: input.accountId, conversationId: input.conversation.id, contactId: input.contact.id, channelId: input.channel.id,
    chatTemplateId: input.kind === 'template' ? input.templateId : null, direction: 'OUTBOUND' as const, source: input.source,
    status: 'queued' as const, msgType: input.kind === 'media' ? input.media.type : input.kind, toNumber: input.contact.canonicalPhone,
    fromNumber: input.channel.channelId, body: input.body, content, contentType: input.kind === 'media' ? input.media.mime_type : 'text/plain', timestamp: now, queuedOn: now, sentById: input.sentById,
  };
}

/**
 * One send job per priority for these messages, each sending its messages together and in order;
 * with `startAfterSeconds`, not before then.
 */
export async function enqueueSendJobs(tx: Executor, queued: { id: string; source: Source }[], { startAfterSeconds }: { startAfterSeconds?: number } = {}): Promise<void> {
  const byPriority = new Map<number, string[]>();
  for (const m of queued) byPriority.set(sendPriority(m.source), [...(byPriority.get(sendPriority(m.source)) ?? []), m.id]);
  await enqueueMany(tx, [...byPriority].map(([priority, messageIds]) => ({
    name: QUEUES.messageSend.name, data: { messageIds }, priority, ...(startAfterSeconds ? { startAfter: `${startAfterSeconds} seconds` } : {}),
  })));
}

/** One send job for these messages, sent together and in order (a flow run's messages). */
export async function enqueueSendJob(tx: Executor, messageIds: string[], source: Source): Promise<void> {
  await enqueueSendJobs(tx, messageIds.map((id) => ({ id, source })));
}

/** How queueOutboundMessages enqueues the send jobs (see there). */
export type SendJobs = { sendLater?: string[] };

/**
 * Queues the messages and their send jobs; returns each message's id, in the order given. Messages
 * queued together are sent by one job per priority: sent together and paced, and the queue carries
 * one entry per batch instead of one per message. With `sendLater`, the ids are added to it
 * instead, and the caller enqueues one job for all it gathered (enqueueSendJob) before its
 * transaction ends.
 */
export async function queueOutboundMessages(tx: Executor, inputs: OutboundInput[], { sendLater }: SendJobs = {}): Promise<string[]> {
  if (!inputs.length) return [];
  const now = new Date();
  // Ids chosen here, so each input knows its message without relying on the order of RETURNING.
  const ids = inputs.map(() => randomUUID());
  // The messages and their conversations' touch in one statement, and the send jobs sent behind it
  // without waiting for its answer: one round trip.
  await concurrently(
    () => touchConversations(tx, false, inputs.map((input) => ({
      conversationId: input.conversation.id, at: now, status: input.conversationStatus,
    })), { alongside: insertRowsFromJson(messages, inputs.map((input, i) => ({ id: ids[i], ...outboundRow(input, now) }))) }),
    async () => (sendLater ? void sendLater.push(...ids) : enqueueSendJobs(tx, inputs.map((input, i) => ({ id: ids[i], source: input.source })))),
  );
  return ids;
}
