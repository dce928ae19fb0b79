import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '@/db';
import { conversations } from '@/db/schema';
import type { AccountSettings } from '@/lib/accounts/cached-settings';
import { outsideWorkingHours } from '@/lib/accounts/working-hours';
import type { ChannelRecord } from '@/lib/channels/provider';
import type { ConversationRecord } from './open';
import { queueOutboundMessages } from '@/lib/messages/outbound';

export type InboundArrival = {
  accountId: number;
  channel: ChannelRecord;
  conversation: ConversationRecord;
  contact: { id: string; canonicalPhone: string };
  at: Date;
};

/**
 * The account's after-hours response, sent once per conversation when the contact writes outside
 * working hours. Marking the conversation first (only where it is unmarked) keeps it to one reply
 * however many messages, batches or processes race.
 */
export async function replyAfterHours(tx: Executor, arrivals: InboundArrival[], settings: Map<number, AccountSettings>): Promise<void> {
  if (!arrivals.length) return;
  const due = new Map<string, InboundArrival>();
  for (const a of arrivals) {
    const s = settings.get(a.accountId);
    if (!s?.hasWorkingHours || !s.afterHoursResponse.trim() || a.conversation.afterHoursRepliedOn || due.has(a.conversation.id)) continue;
    if (outsideWorkingHours(s.workingHours, a.at, s.timeZone)) due.set(a.conversation.id, a);
  }
  if (!due.size) return;
  const marked = await tx.update(conversations).set({ afterHoursRepliedOn: new Date() })
    .where(and(inArray(conversations.id, [...due.keys()]), isNull(conversations.afterHoursRepliedOn)))
    .returning({ id: conversations.id });
  await queueOutboundMessages(tx, marked.map(({ id }) => {
    const a = due.get(id)!;
    return {
      accountId: a.accountId, channel: a.channel, conversation: a.conversation, contact: a.contact, source: 'INBOX' as const,
      sentById: null, kind: 'text' as const, body: settings.get(a.accountId)!.afterHoursResponse,
    };
  }));
}
