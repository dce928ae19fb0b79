import { randomUUID } from 'node:crypto';
import type { Db } from '@/db';
import { messages } from '@/db/schema';
import type { ChannelRecord, WireTemplate } from '@/lib/channels/provider';
import type { Member } from '@/lib/auth/member';
import { countedTransaction } from '@/lib/contacts/counter';
import { openConversationsTogether, touchConversationsTogether } from '@/lib/conversations/open-together';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { insertRowsFromJson } from '@/lib/sql/insert-json';
import { outboundRow } from './outbound';

// Template sends accepted together: one transaction for a group of sends arriving at once (see
// lib/sql/coalescer.ts), with the outcome each would have had alone: the recipient's contact used
// as it is, or created for an unknown number (counted, contact.created recorded); its open
// conversation joined, or opened as CREATED; the message queued and its send job enqueued.

export type TemplateSendRequest = {
  member: Member;
  channel: ChannelRecord;
  templateId: string;
  /** The number as given, and canonical. */
  phone: string;
  canonicalPhone: string;
  variables: string[];
  wire: WireTemplate;
  body: string;
};

export type QueuedSend = { id: string; conversation: string };

export async function queueSendsTogether(db: Db, sends: TemplateSendRequest[]): Promise<QueuedSend[]> {
  return countedTransaction(db, async (tx) => {
    const opened = await openConversationsTogether(tx, sends.map((s) => ({
      accountId: s.member.accountId, canonicalPhone: s.canonicalPhone, phone: s.phone, firstName: null,
      contactSource: 'website', createdById: s.member.userId, channelId: s.channel.id,
      conversationSource: 'API' as const, conversationStatus: 'CREATED' as const,
    })));
    const now = new Date();
    // Ids chosen here, so each send knows its message without relying on the order of RETURNING.
    const ids = sends.map(() => randomUUID());
    await tx.execute(insertRowsFromJson(messages, sends.map((s, i) => ({
      id: ids[i],
      ...outboundRow({
        accountId: s.member.accountId, channel: s.channel, conversation: opened[i].conversation,
        contact: { id: opened[i].contactId, canonicalPhone: s.canonicalPhone },
        source: s.member.via === 'session' ? 'INBOX' : 'API', sentById: s.member.userId,
        kind: 'template', templateId: s.templateId, template: s.wire, variables: s.variables, body: s.body,
      }, now),
    }))));
    await touchConversationsTogether(tx, false, opened.map((o) => ({ conversationId: o.conversation.id, at: now })));
    await enqueueMany(tx, ids.map((messageId) => ({ name: QUEUES.messageSend.name, data: { messageId } })));
    return ids.map((id, i) => ({ id, conversation: opened[i].conversation.id }));
  });
}
