import { sql } from 'drizzle-orm';
import type { Executor } from '@/db';
import { interestedSubscriptions, recordEvents } from '@/lib/webhooks/record-events';
import { selectConversations } from './queries';
import { serializeConversation } from './serializer';

// conversation.created (a message from or to a contact opened it) and conversation.updated (its
// status, assignees or tags changed): `data` is the conversation as the API serializes it, after
// the change. Recorded in the transaction that made the change, after its messages are written
// (so `first_message` is there); nothing is loaded when no subscription wants the event.

export type ConversationEvent = { id: string; type: 'conversation.created' | 'conversation.updated' };

export async function recordConversationEvents(tx: Executor, accountId: number, changes: ConversationEvent[]): Promise<void> {
  if (!changes.length) return;
  const subscriptions = await interestedSubscriptions(tx, accountId);
  const seen = new Set<string>();
  const wanted = changes.filter((c) => {
    const key = `${c.type}:${c.id}`;
    if (seen.has(key) || !subscriptions.some((s) => s.events.includes(c.type))) return false;
    seen.add(key);
    return true;
  });
  if (!wanted.length) return;
  const rows = await selectConversations(tx, accountId, sql`cv.id = any(${sql.param(wanted.map((c) => c.id))}::uuid[])`);
  const byId = new Map(rows.map((r) => [r.id, serializeConversation(r)]));
  await recordEvents(tx, accountId, wanted.filter((c) => byId.has(c.id))
    .map((c) => ({ type: c.type, resourceId: c.id, data: byId.get(c.id)! })), subscriptions);
}
