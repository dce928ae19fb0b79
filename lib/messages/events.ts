import { inArray } from 'drizzle-orm';
import type { Executor } from '@/db';
import { messages } from '@/db/schema';
import { interestedSubscriptions, recordEvents } from '@/lib/webhooks/record-events';
import { serializeMessages } from './queries';

// message.received (a contact wrote) and message.status (an outbound message was sent, delivered,
// read, or failed): `data` is the message as the API serializes it, after the change. Recorded in
// the transaction that made the change; nothing is loaded when no subscription wants the event.

export type MessageChange = { accountId: number; id: string; type: 'message.received' | 'message.status' };

export async function recordMessageEvents(tx: Executor, changes: MessageChange[]): Promise<void> {
  const byAccount = new Map<number, MessageChange[]>();
  for (const c of changes) byAccount.set(c.accountId, [...(byAccount.get(c.accountId) ?? []), c]);
  for (const [accountId, list] of byAccount) {
    const subscriptions = await interestedSubscriptions(tx, accountId);
    const wanted = list.filter((c) => subscriptions.some((s) => s.events.includes(c.type)));
    if (!wanted.length) continue;
    const rows = await tx.select().from(messages).where(inArray(messages.id, [...new Set(wanted.map((c) => c.id))]));
    const serialized = new Map((await serializeMessages(tx, rows)).map((m) => [m.id, m]));
    await recordEvents(tx, accountId, wanted.filter((c) => serialized.has(c.id))
      .map((c) => ({ type: c.type, resourceId: c.id, data: serialized.get(c.id)! })), subscriptions);
  }
}
