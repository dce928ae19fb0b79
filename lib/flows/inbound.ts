import { sql } from 'drizzle-orm';
import { concurrently } from '@/lib/sql/concurrently';
import { execRows, type Executor } from '@/db';
import { moveFlowConversations } from '@/lib/conversations/flow-status';
import type { ConversationStatus } from '@/lib/conversations/open';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { fold } from './answers';
import { contactsStartedInbound } from './events';
import type { ExecutionRecord } from './serializer';
import { startForContacts } from './start';

// Inbound messages and flows, in the transaction that stores the messages
// (lib/messages/inbound-store.ts): a contact in a flow gets a run that reads the message (the
// contact's messages are the flow's inbox, see engine/state.ts) and its conversation stays FLOW;
// a contact in no flow and not with an agent may start an INBOUND flow whose trigger matches.

export type FlowInbound = {
  accountId: number;
  contactId: string;
  conversationId: string;
  /** The conversation's status before this message. */
  conversationStatus: ConversationStatus;
  conversationCreated: boolean;
  msgType: string;
  body: string;
};

const FILE_TYPES = ['document', 'audio', 'video', 'image', 'sticker'];

function triggers(e: ExecutionRecord, m: FlowInbound): boolean {
  const byType = e.inboundTriggerWith === 'ANY_MESSAGE'
    || (e.inboundTriggerWith === 'TEXT' && ['text', 'button', 'interactive'].includes(m.msgType))
    || (e.inboundTriggerWith === 'IMAGE' && m.msgType === 'image')
    || (e.inboundTriggerWith === 'FILE' && FILE_TYPES.includes(m.msgType));
  if (!byType) return false;
  const wanted = e.inboundStartMessage?.trim();
  if (!wanted) return true;
  return e.inboundStartMessageMatchExact ? fold(m.body) === fold(wanted) : fold(m.body).includes(fold(wanted));
}

export async function flowsSeeInbound(tx: Executor, items: FlowInbound[]): Promise<void> {
  if (!items.length) return;
  const contactIds = [...new Set(items.map((i) => i.contactId))];
  // A message that may start a flow: its contact is in none, and its conversation is new or not open.
  const mayStart = items.filter((i) => i.conversationCreated || !['NEW', 'IN_PROGRESS'].includes(i.conversationStatus));
  const accounts = [...new Set(mayStart.map((c) => c.accountId))];
  // The contacts' flows and the flows listening for such messages, in one round trip.
  const [active, listeningRows] = await concurrently(
    () => execRows<{ id: string; contact_id: string }>(tx, sql`
      select id, contact_id from flow_execution_contacts where contact_id = any(${sql.param(contactIds)}::uuid[]) and is_active`),
    async () => (accounts.length ? execRows<Record<string, unknown>>(tx, sql`
      select e.id, e.account_id, e.has_priority, e.inbound_trigger_with, e.inbound_start_message, e.inbound_start_message_match_exact
      from flow_executions e join flows f on f.id = e.flow_id
      where e.account_id = any(${sql.param(accounts)}::int[]) and e.status = 'RUNNING' and e.execution_type = 'INBOUND' and f.is_active
      order by e.created_on, e.id`) : []),
  );
  const inFlow = new Set(active.map((a) => a.contact_id));
  const flowConversations = new Set(items.filter((i) => inFlow.has(i.contactId)).map((i) => i.conversationId));

  const candidates = mayStart.filter((i) => !inFlow.has(i.contactId));
  const started: { accountId: number; fecIds: string[] }[] = [];
  if (candidates.length) {
    const listening = listeningRows.map((r) => ({
      id: r.id as string, accountId: Number(r.account_id), hasPriority: Boolean(r.has_priority),
      inboundTriggerWith: r.inbound_trigger_with, inboundStartMessage: r.inbound_start_message as string | null,
      inboundStartMessageMatchExact: Boolean(r.inbound_start_message_match_exact),
    }) as ExecutionRecord);
    const taken = new Set<string>();
    for (const m of candidates) {
      if (taken.has(m.contactId)) continue;
      const e = listening.find((x) => x.accountId === m.accountId && triggers(x, m));
      if (!e) continue;
      taken.add(m.contactId);
      const fecIds = await startForContacts(tx, e, [m.contactId], { checkBusy: false });
      if (fecIds.length) {
        started.push({ accountId: m.accountId, fecIds });
        flowConversations.add(m.conversationId);
      }
    }
  }
  if (flowConversations.size) {
    await moveFlowConversations(tx, sql`conversations.id = any(${sql.param([...flowConversations])}::uuid[])`, ['CREATED', 'NEW'], 'FLOW');
  }
  await enqueueMany(tx, [...new Set(active.map((a) => a.id))].map((fecId) => ({ name: QUEUES.flowAdvance.name, data: { fecId } })));
  for (const s of started) await contactsStartedInbound(tx, s.accountId, s.fecIds);
}
