import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { recordConversationEvents } from './events';
import type { ConversationStatus } from './open';

// The statuses a flow gives conversations: FLOW while it holds the contact, RESOLVED when it ends,
// NEW when it hands the contact to agents (a CONVERSATION step, an agent's stop). Each
// conversation moved is announced as conversation.updated, as any other change of status is.

type Status = ConversationStatus;

/**
 * Moves the conversations `which` selects (a condition on `conversations`) from one of `from` to
 * `to`. Out of FLOW, only the conversations of contacts no other flow holds any more.
 */
export async function moveFlowConversations(tx: Executor, which: SQL, from: Status[] | 'FLOW', to: Status): Promise<void> {
  const statuses = from === 'FLOW' ? ['FLOW'] : from;
  const stillHeld = from === 'FLOW'
    ? sql`and not exists (select 1 from flow_execution_contacts f where f.contact_id = conversations.contact_id and f.is_active)`
    : sql``;
  const moved = await execRows<{ id: string; account_id: number }>(tx, sql`
    update conversations set status = ${to}, updated_on = now()
    where ${which} and status::text = any(${sql.param(statuses)}::text[]) ${stillHeld}
    returning id, account_id`);
  const byAccount = new Map<number, string[]>();
  for (const m of moved) byAccount.set(m.account_id, [...(byAccount.get(m.account_id) ?? []), m.id]);
  for (const [accountId, ids] of byAccount) {
    await recordConversationEvents(tx, accountId, ids.map((id) => ({ id, type: 'conversation.updated' as const })));
  }
}

/** The conversations of these contacts. */
export const ofContacts = (contactIds: string[]): SQL => sql`conversations.contact_id = any(${sql.param(contactIds)}::uuid[])`;
